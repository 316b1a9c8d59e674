import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@sapa/contracts';
import { queryClient } from '../lib/query-client';
import { resetConfig } from '../lib/use-config';
import { sessionFromUser, sessionStore } from '../lib/session-store';
import { agentUser, config, fakeFetch, owner } from '../test/fixtures';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderApp(entries: string[]) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

const where = () => screen.getByTestId('location').textContent;
const SLOW = { timeout: 8000 };

describe('route guard in the app (spec §2, §5)', () => {
  beforeEach(() => {
    resetConfig(config);
    sessionStore.clear();
    queryClient.clear();
  });

  function signIn(user = agentUser) {
    sessionStore.set(sessionFromUser('tok', user));
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => [200, user] }).fetch);
  }

  it("denies an agent /user/agent from the menu with the 'Akses Ditolak' toast", async () => {
    signIn();
    renderApp(['/user/chat']);
    const nav = await screen.findByRole('navigation', { name: 'Menu utama' }, SLOW);
    expect(screen.getByTestId('agent-badge').textContent).toBe('Agen');
    fireEvent.click(within(nav).getByRole('link', { name: 'Agen' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByTestId('toast-title').textContent).toBe('Akses Ditolak');
    expect(within(toast).getByTestId('toast-message').textContent).toBe(
      'Agen tidak memiliki izin untuk mengakses halaman ini',
    );
    expect(toast.getAttribute('data-type')).toBe('warning');
    expect(where()).toBe('/user/chat');
  });

  it('sends an agent who opens /user/agent back to the previous page', async () => {
    signIn();
    renderApp(['/user/setting/profile', '/user/agent']);
    expect((await screen.findByTestId('toast', undefined, SLOW)).textContent).toContain('Akses Ditolak');
    await waitFor(() => expect(where()).toBe('/user/setting/profile'));
  });

  it('falls back to /user/chat when a denied page has no history', async () => {
    signIn();
    renderApp(['/user/transaction/history']);
    await screen.findByTestId('toast', undefined, SLOW);
    await waitFor(() => expect(where()).toBe('/user/chat'));
  });

  it('blocks beta integrations for non-beta users with the Fitur Beta toast', async () => {
    signIn(owner);
    renderApp(['/user/integration/whatsapp']);
    const menu = await screen.findByRole('navigation', { name: 'Menu Integrasi' }, SLOW);
    fireEvent.click(within(menu).getByRole('link', { name: /Instagram/ }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Fitur ini hanya untuk pengguna beta');
    expect(where()).toBe('/user/integration/whatsapp');
  });

  it('redirects: visitors to /login, unknown paths to /login, signed-in visitors off /login', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    const first = renderApp(['/user/chat']);
    await waitFor(() => expect(where()).toBe('/login'));
    first.unmount();

    const second = renderApp(['/tidak/ada']);
    await waitFor(() => expect(where()).toBe('/login'));
    second.unmount();

    signIn({ ...owner, needVerification: true });
    renderApp(['/login']);
    await waitFor(() => expect(where()).toBe('/user/verification'));
  });

  it('saves the referral code from a public route', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    renderApp(['/register?r=TEMAN1']);
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.referral)).toBe('TEMAN1'));
  });

  it('clears the session and goes to /login when the profile cannot load', async () => {
    // A session stored by an earlier visit (a reload), so the profile must be loaded again.
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(sessionFromUser('tok', owner)));
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/user': () => [401, { statusCode: 401, message: 'Sesi Anda telah berakhir' }] })
        .fetch,
    );
    renderApp(['/user/chat']);
    await waitFor(() => expect(where()).toBe('/login'), SLOW);
    expect(sessionStore.get()).toBeNull();
  });
});
