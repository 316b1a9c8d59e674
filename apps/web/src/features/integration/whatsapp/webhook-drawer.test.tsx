import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_VERIFY_SNIPPET,
  type Account,
  type WebhookDelivery,
  type WebhookSettings,
} from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WhatsappIntegrationPage } from '../whatsapp-integration-page';

const SANDBOX: Account = {
  _id: 'sb1',
  id: 'sb1',
  type: 'whatsapp',
  label: { name: 'Sandbox Toko', phoneNumber: '6280000000000' },
  isSandbox: true,
  provider: 'sandbox',
  status: 'connected',
  statusReason: null,
  lastSeenAt: null,
  linking: null,
  pacing: null,
  roundRobin: false,
  channel: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};

const BASE = '/api/account/whatsapp/sb1/webhook';

function settings(overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  return {
    url: 'https://contoh.com/hook',
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    _id: 'evt_1',
    type: 'message.received',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    lastAttemptAt: '2026-03-01T03:00:00.000Z',
    lastDurationMs: 40,
    nextAttemptAt: null,
    deliveredAt: '2026-03-01T03:00:00.000Z',
    createdAt: '2026-03-01T03:00:00.000Z',
    body: '{"id":"evt_1","type":"message.received"}',
    ...overrides,
  };
}

type Routes = Parameters<typeof fakeFetch>[0];
function stubApi(routes: Routes) {
  const fake = fakeFetch({
    'GET /api/account': () => [200, { docs: [SANDBOX], hasNextPage: false }],
    ...routes,
  });
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    return fake.fetch(input, init);
  });
  const calls = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { urls, calls };
}

async function openDrawer() {
  renderWithProviders(
    <MemoryRouter>
      <WhatsappIntegrationPage />
    </MemoryRouter>,
  );
  fireEvent.click(within(await screen.findByTestId('wa-card')).getByTestId('wa-menu'));
  fireEvent.click(await screen.findByTestId('wa-webhook'));
  return screen.findByTestId('webhook-drawer');
}

const urlError = (input: HTMLElement) =>
  document.getElementById(
    input
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.includes('error')) ?? '',
  );

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

describe('Integrasi > WhatsApp > Webhook', () => {
  it('saves a first URL, shows its secret once, and puts the server refusal on the URL field', async () => {
    let saves = 0;
    const api = stubApi({
      [`GET ${BASE}`]: () => [200, { webhook: null }],
      [`PUT ${BASE}`]: (body) => {
        saves += 1;
        if (saves === 1) {
          return [400, { statusCode: 400, message: M.urlPrivate, fields: { url: M.urlPrivate } }];
        }
        const url = (body as { url: string }).url;
        return [
          200,
          { message: M.saved, webhook: settings({ url }), secret: saves === 2 ? 'whsec_abc123' : null },
        ];
      },
      [`GET ${BASE}/deliveries`]: () => [200, { docs: [], hasNextPage: false }],
    });
    const drawer = await openDrawer();
    expect(drawer.getAttribute('aria-label')).toBe('Webhook Sandbox Toko');
    expect(await within(drawer).findByTestId('webhook-not-set')).toBeTruthy();
    expect(within(drawer).queryByTestId('webhook-log')).toBeNull();
    expect(within(drawer).getByTestId('webhook-snippet').textContent).toBe(WEBHOOK_VERIFY_SNIPPET);
    expect(within(drawer).getByTestId('webhook-docs-link').getAttribute('href')).toBe('/user/documentation');

    // the schema refuses a URL that is not one, before any request
    const input = within(drawer).getByTestId('webhook-url');
    fireEvent.change(input, { target: { value: 'bukan url' } });
    fireEvent.click(within(drawer).getByTestId('webhook-save'));
    expect(await within(drawer).findByText(M.urlInvalid)).toBeTruthy();
    expect(api.calls('PUT', BASE)).toEqual([]);

    // the server refuses a private address: its words go under the field
    fireEvent.change(input, { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(within(drawer).getByTestId('webhook-save'));
    await waitFor(() => expect(urlError(input)?.textContent).toBe(M.urlPrivate));
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'https://contoh.com/hook' } });
    fireEvent.click(within(drawer).getByTestId('webhook-save'));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toBe('whsec_abc123');
    expect(screen.getByTestId('webhook-secret-modal').textContent).toMatch(/hanya ditampilkan sekali/);
    expect(screen.getByTestId('webhook-secret-modal').textContent).toMatch(/Sapa-Signature/);
    expect(api.calls('PUT', BASE).at(-1)).toEqual({ url: 'https://contoh.com/hook', enabled: true });
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-modal')).toBeNull());

    // saved: the actions and the log appear; a later save shows no secret
    expect(await within(drawer).findByTestId('webhook-log')).toBeTruthy();
    expect(await within(drawer).findByTestId('webhook-log-empty')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('webhook-enabled'));
    fireEvent.click(within(drawer).getByTestId('webhook-save'));
    await waitFor(() => expect(api.calls('PUT', BASE)).toHaveLength(3));
    expect(api.calls('PUT', BASE)[2]).toEqual({ url: 'https://contoh.com/hook', enabled: false });
    expect(screen.queryByTestId('webhook-secret-modal')).toBeNull();
  });

  it('lists deliveries with their statuses, shows a body, replays a row and refreshes', async () => {
    const failed = delivery({
      _id: 'evt_3',
      type: 'message.status',
      status: 'failed',
      attempts: 9,
      lastStatusCode: 500,
      lastError: 'Server webhook menjawab 500',
      deliveredAt: null,
    });
    const pending = delivery({
      _id: 'evt_2',
      type: 'webhook.test',
      status: 'pending',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'Server webhook tidak menjawab dalam 10 detik',
      nextAttemptAt: '2026-03-01T03:05:00.000Z',
      deliveredAt: null,
    });
    const api = stubApi({
      [`GET ${BASE}`]: () => [200, { webhook: settings() }],
      [`GET ${BASE}/deliveries`]: () => [200, { docs: [failed, pending, delivery()], hasNextPage: true }],
      [`POST ${BASE}/deliveries/evt_3/replay`]: () => [
        200,
        { ...failed, status: 'pending', nextAttemptAt: '2026-03-01T03:10:00.000Z' },
      ],
      [`POST ${BASE}/test`]: () => [201, delivery({ _id: 'evt_4', type: 'webhook.test', status: 'pending' })],
    });
    const drawer = await openDrawer();
    const log = await within(drawer).findByTestId('webhook-log');
    const rows = await within(log).findAllByTestId('webhook-row');
    expect(rows.map((r) => within(r).getByTestId('webhook-status').textContent)).toEqual([
      'Gagal',
      'Menunggu',
      'Terkirim',
    ]);
    expect(within(rows[0]!).getByTestId('webhook-attempts').textContent).toBe('9');
    expect(within(rows[0]!).getByTestId('webhook-code').textContent).toBe('500');
    expect(within(rows[0]!).getByTestId('webhook-error').textContent).toBe('Server webhook menjawab 500');
    expect(within(rows[1]!).getByTestId('webhook-code').textContent).toBe('-');
    expect(within(rows[1]!).getByTestId('webhook-next-attempt').textContent).toMatch(
      /^percobaan berikutnya /,
    );
    expect(within(rows[2]!).queryByTestId('webhook-next-attempt')).toBeNull();
    expect(api.urls).toContain(`GET ${BASE}/deliveries?page=1&limit=20`);

    // the body, on demand
    fireEvent.click(within(rows[2]!).getByTestId('webhook-expand'));
    const body = await within(log).findByTestId('webhook-body');
    expect(body.textContent).toContain('"type": "message.received"');
    expect(within(rows[2]!).getByTestId('webhook-expand').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(rows[0]!).getByTestId('webhook-replay'));
    await waitFor(() => expect(api.calls('POST', `${BASE}/deliveries/evt_3/replay`)).toHaveLength(1));
    expect(await screen.findByText(M.replayed)).toBeTruthy();

    // the status filter and the pages go to the server
    fireEvent.click(within(log).getByRole('radio', { name: 'Gagal' }));
    await waitFor(() => expect(api.urls).toContain(`GET ${BASE}/deliveries?page=1&limit=20&status=failed`));
    await waitFor(() => expect(within(log).getByTestId('webhook-next').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(log).getByTestId('webhook-next'));
    await waitFor(() => expect(api.urls).toContain(`GET ${BASE}/deliveries?page=2&limit=20&status=failed`));

    const before = api.urls.length;
    fireEvent.click(within(log).getByTestId('webhook-refresh'));
    await waitFor(() => expect(api.urls.length).toBeGreaterThan(before));

    fireEvent.click(within(drawer).getByTestId('webhook-test'));
    await waitFor(() => expect(api.calls('POST', `${BASE}/test`)).toHaveLength(1));
    expect(await screen.findByText(M.testQueued)).toBeTruthy();
  });

  it('rotates the secret after confirming and shows the new one once', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: () => [200, { webhook: settings() }],
      [`GET ${BASE}/deliveries`]: () => [200, { docs: [], hasNextPage: false }],
      [`POST ${BASE}/rotate-secret`]: () => [200, { message: M.secretRotated, secret: 'whsec_baru' }],
    });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByTestId('webhook-rotate'));
    const dialog = await screen.findByTestId('webhook-rotate-dialog');
    expect(api.calls('POST', `${BASE}/rotate-secret`)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('webhook-rotate-confirm'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_baru');
    expect(api.calls('POST', `${BASE}/rotate-secret`)).toHaveLength(1);
    expect(screen.getAllByText(M.secretRotated).length).toBeGreaterThan(0);
  });

  it('shows why the dispatcher turned the webhook off, and removes it after confirming', async () => {
    let webhook: WebhookSettings | null = settings({
      enabled: false,
      disabledReason: M.disabledReason,
      disabledAt: '2026-03-02T00:00:00.000Z',
    });
    const api = stubApi({
      [`GET ${BASE}`]: () => [200, { webhook }],
      [`GET ${BASE}/deliveries`]: () => [200, { docs: [], hasNextPage: false }],
      [`DELETE ${BASE}`]: () => {
        webhook = null;
        return [200, { message: M.removed }];
      },
    });
    const drawer = await openDrawer();
    expect((await within(drawer).findByTestId('webhook-disabled-reason')).textContent).toContain(
      M.disabledReason,
    );
    expect((within(drawer).getByTestId('webhook-enabled') as HTMLInputElement).checked).toBe(false);
    expect(within(drawer).getByTestId('webhook-test').hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(drawer).getByTestId('webhook-remove'));
    fireEvent.click(
      within(await screen.findByTestId('webhook-remove-dialog')).getByTestId('webhook-remove-confirm'),
    );
    expect(await within(drawer).findByTestId('webhook-not-set')).toBeTruthy();
    expect(api.calls('DELETE', BASE)).toHaveLength(1);
    expect((within(drawer).getByTestId('webhook-url') as HTMLInputElement).value).toBe('');
  });

  it('is not offered to agents', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({});
    renderWithProviders(
      <MemoryRouter>
        <WhatsappIntegrationPage />
      </MemoryRouter>,
    );
    fireEvent.click(within(await screen.findByTestId('wa-card')).getByTestId('wa-menu'));
    expect(await screen.findByTestId('wa-contacts')).toBeTruthy();
    expect(screen.queryByTestId('wa-webhook')).toBeNull();
  });
});
