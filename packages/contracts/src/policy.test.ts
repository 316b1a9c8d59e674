import { describe, expect, it } from 'vitest';
import { canAssign, canReply, canUnassign, guardRoute, type GuardSession } from './policy';

const BETA = ['/user/integration/instagram', '/user/integration/messenger'];
const owner: GuardSession = { isAdmin: false, agent: false, isBetaUser: false, needVerification: false };
const agent: GuardSession = { ...owner, agent: true };
const admin: GuardSession = { ...owner, isAdmin: true };

describe('guardRoute (spec §2, §5)', () => {
  it('sends signed-in visitors away from login, register and admin login by role', () => {
    for (const path of ['/login', '/register', '/login/admin']) {
      expect(guardRoute(path, owner, BETA)).toEqual({ type: 'redirect', to: '/user/chat' });
      expect(guardRoute(path, admin, BETA)).toEqual({ type: 'redirect', to: '/admin/dashboard' });
      expect(guardRoute(path, null, BETA)).toEqual({ type: 'allow' });
    }
  });

  it('sends visitors without a session to /login from protected routes', () => {
    expect(guardRoute('/user/chat', null, BETA)).toEqual({ type: 'redirect', to: '/login' });
    expect(guardRoute('/admin/dashboard', null, BETA)).toEqual({ type: 'redirect', to: '/login' });
    expect(guardRoute('/reset-password', null, BETA)).toEqual({ type: 'allow' });
  });

  it('holds users needing verification on /user/verification', () => {
    const pending = { ...owner, needVerification: true };
    expect(guardRoute('/user/setting/profile', pending, BETA)).toEqual({
      type: 'redirect',
      to: '/user/verification',
    });
    expect(guardRoute('/user/verification', pending, BETA)).toEqual({ type: 'allow' });
    expect(guardRoute('/user/verification', owner, BETA)).toEqual({ type: 'redirect', to: '/user/chat' });
  });

  it('denies agents the transaction and agent pages with the spec toast', () => {
    for (const path of [
      '/user/transaction',
      '/user/transaction/history',
      '/user/transaction/abc',
      '/user/agent',
    ]) {
      expect(guardRoute(path, agent, BETA)).toEqual({
        type: 'deny',
        toast: {
          title: 'Akses Ditolak',
          message: 'Agen tidak memiliki izin untuk mengakses halaman ini',
          type: 'warning',
        },
      });
      expect(guardRoute(path, owner, BETA)).toEqual({ type: 'allow' });
    }
    expect(guardRoute('/user/agents-other', agent, BETA)).toEqual({ type: 'allow' });
  });

  it('keeps beta pages for beta users', () => {
    expect(guardRoute('/user/integration/instagram', owner, BETA)).toEqual({
      type: 'deny',
      toast: { title: 'Fitur Beta', message: 'Fitur ini hanya untuk pengguna beta', type: 'info' },
    });
    expect(guardRoute('/user/integration/instagram', { ...owner, isBetaUser: true }, BETA)).toEqual({
      type: 'allow',
    });
    expect(guardRoute('/user/integration/whatsapp', owner, BETA)).toEqual({ type: 'allow' });
  });

  it('keeps admins and users in their own areas', () => {
    expect(guardRoute('/user/chat', admin, BETA)).toEqual({ type: 'redirect', to: '/admin/dashboard' });
    expect(guardRoute('/admin/user', owner, BETA)).toEqual({ type: 'redirect', to: '/user/chat' });
  });
});

describe('chat policy (spec §6)', () => {
  const owner = { agentId: null };
  const ani = { agentId: 'ani' };
  it('owners reply anywhere; agents only in their own chats', () => {
    expect(canReply(owner, { agentId: 'budi' })).toBe(true);
    expect(canReply(ani, { agentId: 'ani' })).toBe(true);
    expect(canReply(ani, { agentId: null })).toBe(false);
    expect(canReply(ani, { agentId: 'budi' })).toBe(false);
  });
  it('agents take only unassigned chats, for themselves', () => {
    expect(canAssign(owner, { agentId: 'budi' }, 'ani')).toBe(true);
    expect(canAssign(ani, { agentId: null }, 'ani')).toBe(true);
    expect(canAssign(ani, { agentId: null }, 'budi')).toBe(false);
    expect(canAssign(ani, { agentId: 'budi' }, 'ani')).toBe(false);
  });
  it('only owners and the assigned agent unassign', () => {
    expect(canUnassign(owner, { agentId: 'budi' })).toBe(true);
    expect(canUnassign(ani, { agentId: 'ani' })).toBe(true);
    expect(canUnassign(ani, { agentId: 'budi' })).toBe(false);
    expect(canUnassign(owner, { agentId: null })).toBe(false);
  });
});
