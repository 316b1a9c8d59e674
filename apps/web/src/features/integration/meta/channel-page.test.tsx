import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MESSAGES as M, WHATSAPP_MESSAGES } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../../lib/session-store';
import { agentUser, owner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { InstagramIntegrationPage } from '../instagram-integration-page';
import { MessengerIntegrationPage } from '../messenger-integration-page';
import {
  CONFIGURED,
  FakeSocket,
  metaAccount,
  page,
  pushAccount,
  stubApi,
  stubLeaving,
} from './meta-test-api';

const RELINK = metaAccount({
  id: 'ig2',
  label: { name: 'Toko Roti', phoneNumber: '' },
  status: 'logged_out',
  channel: {
    kind: 'instagram',
    externalId: '17841400000000002',
    parentId: null,
    handle: '@tokoroti',
    picture: null,
    needsRelink: true,
    humanAgent: false,
  },
});

const SANDBOX = metaAccount({
  id: 'sb-ig',
  label: { name: 'Sandbox Instagram', phoneNumber: '' },
  isSandbox: true,
  provider: 'sandbox',
  channel: null,
});

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.set(sessionFromUser('tok', owner));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Integrasi > Instagram', () => {
  it('explains what connecting does when there is no account yet, with Hubungkan', async () => {
    const api = stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([]),
    });
    renderWithProviders(<InstagramIntegrationPage />);
    expect(screen.getByTestId('meta-skeleton')).toBeTruthy();
    const empty = await screen.findByTestId('meta-empty');
    expect(within(empty).getByText('Belum ada akun Instagram yang terhubung')).toBeTruthy();
    expect(within(empty).getByText(/DM dari pelanggan masuk ke kotak masuk Sapa/)).toBeTruthy();
    expect(within(empty).getAllByRole('listitem')).toHaveLength(3);
    expect(within(empty).getByRole('button', { name: 'Hubungkan' })).toBeTruthy();
    expect(api.urls).toContain('GET /api/account?page=1&limit=200&types=instagram');
    expect(screen.queryByTestId('meta-not-configured')).toBeNull();
  });

  it('shows each account as a card: linked, refused by Meta with Hubungkan ulang, and the sandbox', async () => {
    stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([metaAccount(), RELINK, SANDBOX]),
    });
    renderWithProviders(<InstagramIntegrationPage />);
    const cards = await screen.findAllByTestId('meta-card');
    expect(cards.map((c) => c.getAttribute('data-state'))).toEqual([
      'connected',
      'needs-relink',
      'connected',
    ]);

    const [linked, refused, sandbox] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(linked).getByTestId('meta-name').textContent).toBe('Toko Kopi');
    expect(within(linked).getByTestId('meta-handle').textContent).toBe('@tokokopi');
    expect(within(linked).getByTestId('meta-status').textContent).toBe('Terhubung');
    expect(within(linked).getByRole('img', { name: 'Toko Kopi' }).getAttribute('src')).toBe(
      'https://cdn.example/tokokopi.jpg',
    );
    expect(within(linked).queryByTestId('meta-reconnect')).toBeNull();

    expect(within(refused).getByTestId('meta-status').textContent).toBe('Perlu dihubungkan ulang');
    expect(within(refused).getByTestId('meta-reason').textContent).toBe(M.tokenInvalidReason);
    expect(within(refused).getByRole('button', { name: 'Hubungkan ulang' })).toBeTruthy();
    // no picture: the default image
    expect(within(refused).getByRole('img', { name: 'Toko Roti' }).getAttribute('data-fallback')).toBe(
      'true',
    );

    expect(within(sandbox).getByText('Sandbox')).toBeTruthy();
    expect(within(sandbox).queryByTestId('meta-reconnect')).toBeNull();
  });

  it('says plainly when the Meta app is not set up, and cannot connect', async () => {
    const api = stubApi({
      'GET /api/integration/meta': () => [
        200,
        { configured: false, problem: M.notConfigured, embeddedSignup: false },
      ],
      'GET /api/account': page([]),
    });
    renderWithProviders(<InstagramIntegrationPage />);
    const alert = await screen.findByTestId('meta-not-configured');
    expect(alert.textContent).toContain(M.notConfigured);
    await screen.findByTestId('meta-empty');
    for (const button of screen.getAllByRole('button', { name: 'Hubungkan' }))
      expect(button).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('meta-connect-header'));
    expect(api.urls.filter((u) => u.startsWith('POST'))).toEqual([]);
  });

  it('Hubungkan asks for the Facebook dialog and goes there', async () => {
    const assign = stubLeaving();
    const api = stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([]),
      'POST /api/integration/meta/login': () => [
        200,
        { url: 'https://www.facebook.com/dialog/oauth?state=s1' },
      ],
    });
    renderWithProviders(<InstagramIntegrationPage />);
    await screen.findByTestId('meta-empty');
    fireEvent.click(screen.getByTestId('meta-connect-header'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?state=s1'),
    );
    expect(api.bodies('POST', '/api/integration/meta/login')).toEqual([{ kind: 'instagram' }]);
    // still loading while the browser leaves; the other button waits
    expect(screen.getByTestId('meta-connect-header').getAttribute('data-loading')).toBe('true');
    expect(screen.getByTestId('meta-connect-empty')).toHaveProperty('disabled', true);
  });

  it("Hubungkan ulang logs in again, and a refusal toasts the server's message", async () => {
    const assign = stubLeaving();
    let refuse = true;
    const api = stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([RELINK]),
      'POST /api/integration/meta/login': () =>
        refuse
          ? [403, { statusCode: 403, message: 'Fitur ini hanya untuk pengguna beta' }]
          : [200, { url: 'https://www.facebook.com/dialog/oauth?state=s2' }],
    });
    renderWithProviders(<InstagramIntegrationPage />);
    const card = await screen.findByTestId('meta-card');
    fireEvent.click(within(card).getByTestId('meta-reconnect'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Fitur ini hanya untuk pengguna beta');
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(within(card).getByTestId('meta-reconnect')).toHaveProperty('disabled', false));

    refuse = false;
    fireEvent.click(within(card).getByTestId('meta-reconnect'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?state=s2'),
    );
    expect(api.bodies('POST', '/api/integration/meta/login')).toEqual([
      { kind: 'instagram' },
      { kind: 'instagram' },
    ]);
  });

  it('turns a card red live when Meta refuses its token', async () => {
    stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([metaAccount()]),
    });
    renderWithProviders(<InstagramIntegrationPage />);
    await screen.findByTestId('meta-card');
    pushAccount(metaAccount({ channel: { ...metaAccount().channel!, needsRelink: true } }));
    await waitFor(() =>
      expect(screen.getByTestId('meta-card').getAttribute('data-state')).toBe('needs-relink'),
    );
    // another tab's account does not land here
    pushAccount(metaAccount({ id: 'fb9', type: 'messenger' }));
    expect(screen.getAllByTestId('meta-card')).toHaveLength(1);
  });

  it('removes an account after the confirmation', async () => {
    let docs = [metaAccount(), SANDBOX];
    const api = stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': () => [200, { docs, hasNextPage: false }],
      'DELETE /api/account/ig1': () => {
        docs = [SANDBOX];
        return [200, { message: WHATSAPP_MESSAGES.deleted }];
      },
    });
    renderWithProviders(<InstagramIntegrationPage />);
    const [card] = await screen.findAllByTestId('meta-card');
    fireEvent.click(within(card!).getByRole('button', { name: 'Menu akun Toko Kopi' }));
    fireEvent.click(await screen.findByTestId('meta-remove'));
    const confirm = await screen.findByTestId('meta-delete-confirm');
    expect(within(confirm).getByText('Toko Kopi · @tokokopi')).toBeTruthy();
    expect(within(confirm).getByText(/DM baru tidak akan masuk lagi/)).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('meta-delete-submit'));
    expect(await screen.findByText(WHATSAPP_MESSAGES.deleted)).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/account/ig1');
    await waitFor(() => expect(screen.getAllByTestId('meta-card')).toHaveLength(1));
  });

  it('shows agents the cards read-only', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([metaAccount(), RELINK]),
    });
    renderWithProviders(<InstagramIntegrationPage />);
    await screen.findAllByTestId('meta-card');
    expect(screen.getByTestId('meta-read-only').textContent).toBe(WHATSAPP_MESSAGES.ownerOnly);
    expect(screen.queryByRole('button', { name: 'Hubungkan' })).toBeNull();
    expect(screen.queryByTestId('meta-reconnect')).toBeNull();
    expect(screen.queryByTestId('meta-menu')).toBeNull();
    // the state is still there to read
    expect(screen.getAllByTestId('meta-status').map((b) => b.textContent)).toEqual([
      'Terhubung',
      'Perlu dihubungkan ulang',
    ]);
  });
});

describe('Integrasi > Messenger', () => {
  it('lists the Pages, with the Human Agent hint, and connects with kind messenger', async () => {
    const assign = stubLeaving();
    const pageAccount = metaAccount({
      id: 'fb1',
      type: 'messenger',
      label: { name: 'Toko Kopi', phoneNumber: '' },
      channel: {
        kind: 'messenger',
        externalId: '1020304050',
        parentId: null,
        handle: 'Toko Kopi',
        picture: null,
        needsRelink: false,
        humanAgent: true,
      },
    });
    const api = stubApi({
      'GET /api/integration/meta': () => [200, CONFIGURED],
      'GET /api/account': page([pageAccount]),
      'POST /api/integration/meta/login': () => [
        200,
        { url: 'https://www.facebook.com/dialog/oauth?state=m1' },
      ],
    });
    renderWithProviders(<MessengerIntegrationPage />);
    const card = await screen.findByTestId('meta-card');
    expect(screen.getByRole('heading', { name: 'Halaman Facebook (Messenger)' })).toBeTruthy();
    expect(api.urls).toContain('GET /api/account?page=1&limit=200&types=messenger');
    expect(within(card).getByTestId('meta-human-agent').textContent).toBe('Human Agent 7 hari');
    // the handle repeats the Page's name: shown once
    expect(within(card).queryByTestId('meta-handle')).toBeNull();
    fireEvent.click(screen.getByTestId('meta-connect-header'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?state=m1'),
    );
    expect(api.bodies('POST', '/api/integration/meta/login')).toEqual([{ kind: 'messenger' }]);
  });
});
