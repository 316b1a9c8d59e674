import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@sapa/contracts';
import { owner } from '../test/fixtures';
import { referralStore } from './referral-store';
import { sessionFromAdmin, sessionFromUser, sessionStore } from './session-store';
import { useSession } from './use-session';

describe('session store (spec §3)', () => {
  it('stores the session in localStorage under its key and reads it back', () => {
    sessionStore.set(sessionFromUser('tok-1', owner));
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session) ?? '{}');
    expect(raw).toMatchObject({ token: 'tok-1', isAdmin: false, agent: false, needVerification: false });
    expect(sessionStore.get()?.user?.email).toBe('pemilik@demo.test');
    expect(sessionStore.token()).toBe('tok-1');
  });

  it('derives the flags from the profile: agent, beta, verification', () => {
    const agentUser = {
      ...owner,
      isBetaUser: true,
      agent: { _id: 'a1', name: 'Agen', email: 'agen@demo.test', phone: '62812' },
    };
    expect(sessionFromUser('t', agentUser)).toMatchObject({ agent: true, isBetaUser: true, isAdmin: false });
    expect(sessionFromUser('t', { ...owner, needVerification: true }).needVerification).toBe(true);
    expect(sessionFromAdmin('t', { _id: 'x', name: 'Admin', username: 'admin' })).toMatchObject({
      isAdmin: true,
      agent: false,
    });
  });

  it('keeps the snapshot stable until the session changes, and clears it', () => {
    sessionStore.set(sessionFromUser('tok-1', owner));
    expect(sessionStore.get()).toBe(sessionStore.get());
    sessionStore.clear();
    expect(sessionStore.get()).toBeNull();
    expect(sessionStore.token()).toBe('');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('treats unreadable storage as signed out', () => {
    window.localStorage.setItem(STORAGE_KEYS.session, '{not json');
    expect(sessionStore.get()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ isAdmin: true }));
    expect(sessionStore.get()).toBeNull();
  });

  it('re-renders useSession on changes, keeping the token when the profile refreshes', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => sessionStore.set(sessionFromUser('tok-2', owner)));
    expect(result.current?.token).toBe('tok-2');
    act(() => sessionStore.setUser({ ...owner, name: 'Nama Baru', needVerification: true }));
    expect(result.current).toMatchObject({ token: 'tok-2', needVerification: true });
    expect(result.current?.user?.name).toBe('Nama Baru');
    act(() => sessionStore.clear());
    expect(result.current).toBeNull();
  });
});

describe('referral code (spec §2)', () => {
  it('saves r from the query string under its own key', () => {
    referralStore.capture('?r=REF42&x=1');
    expect(window.localStorage.getItem(STORAGE_KEYS.referral)).toBe('REF42');
    expect(referralStore.get()).toBe('REF42');
  });

  it('keeps the saved code when a later page has no r, and survives a logout', () => {
    referralStore.capture('?r=REF42');
    referralStore.capture('?foo=bar');
    sessionStore.set(sessionFromUser('t', owner));
    sessionStore.clear();
    expect(referralStore.get()).toBe('REF42');
  });
});
