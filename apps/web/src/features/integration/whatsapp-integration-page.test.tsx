import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHATSAPP_MESSAGES as M, type Account } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { WhatsappIntegrationPage } from './whatsapp-integration-page';

function account(overrides: Partial<Account> = {}): Account {
  const id = overrides.id ?? 'wa1';
  return {
    _id: id,
    id,
    type: 'whatsapp',
    label: { name: 'CS Toko', phoneNumber: '6281234567890' },
    isSandbox: false,
    provider: 'whatsapp-web',
    status: 'connected',
    statusReason: null,
    lastSeenAt: null,
    linking: null,
    pacing: { minGapMs: 3000, hourlyCap: 250 },
    roundRobin: false,
    channel: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

const SANDBOX = account({
  id: 'sb1',
  label: { name: 'Sandbox Toko', phoneNumber: '6280000000000' },
  isSandbox: true,
  provider: 'sandbox',
  pacing: null,
  roundRobin: false,
  channel: null,
});

/** A socket the page opens; the test pushes realtime frames through it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
}

function pushAccount(a: Account) {
  const frame = JSON.stringify(
    JSON.stringify({ type: 'account.updated', chat: null, message: null, account: a }),
  );
  act(() => {
    for (const s of FakeSocket.all) s.onmessage?.({ data: frame } as MessageEvent);
  });
}

type Routes = Parameters<typeof fakeFetch>[0];
function stubApi(routes: Routes) {
  const fake = fakeFetch(routes);
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { urls, bodies };
}

const page = (docs: Account[]) => (): [number, unknown] => [200, { docs, hasNextPage: false }];

async function openMenuItem(card: HTMLElement, testId: string) {
  fireEvent.click(within(card).getByTestId('wa-menu'));
  fireEvent.click(await screen.findByTestId(testId));
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  sessionStore.set(sessionFromUser('tok', owner));
});
afterEach(() => vi.unstubAllGlobals());

describe('Integrasi > WhatsApp', () => {
  it('shows the empty state with the add button', async () => {
    const api = stubApi({ 'GET /api/account': page([]) });
    renderWithProviders(<WhatsappIntegrationPage />);
    expect(screen.getByTestId('wa-skeleton')).toBeTruthy();
    const empty = await screen.findByTestId('wa-empty');
    expect(within(empty).getByText('Belum ada nomor WhatsApp')).toBeTruthy();
    expect(api.urls[0]).toBe('GET /api/account?page=1&limit=200&types=whatsapp');
    fireEvent.click(within(empty).getByRole('button', { name: 'Tambah Nomor' }));
    expect(await screen.findByTestId('wa-link-modal')).toBeTruthy();
  });

  it('shows each number with its status, reason and the sandbox mark, live from realtime', async () => {
    const lost = account({
      id: 'wa2',
      label: { name: 'Gudang', phoneNumber: '6281111111111' },
      status: 'logged_out',
      statusReason: M.loggedOut,
      lastSeenAt: '2026-02-01T10:05:00.000Z',
    });
    stubApi({ 'GET /api/account': page([account(), lost, SANDBOX]) });
    renderWithProviders(<WhatsappIntegrationPage />);
    const cards = await screen.findAllByTestId('wa-card');
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['connected', 'logged_out', 'connected']);
    expect(within(cards[0]!).getByTestId('wa-status').textContent).toBe('Terhubung');
    expect(within(cards[0]!).getByTestId('wa-number').textContent).toBe('+62 812-3456-7890');
    expect(within(cards[1]!).getByTestId('wa-status').textContent).toBe('Keluar dari perangkat');
    expect(within(cards[1]!).getByTestId('wa-reason').textContent).toBe(M.loggedOut);
    expect(within(cards[1]!).getByTestId('wa-last-seen').textContent).toMatch(/Terakhir aktif: 01\/02\/26/);
    expect(within(cards[2]!).getByText('Sandbox')).toBeTruthy();

    // a linked number drops: the card follows the realtime event
    pushAccount(account({ status: 'disconnected', statusReason: M.unreachable }));
    await waitFor(() =>
      expect(screen.getAllByTestId('wa-card')[0]!.getAttribute('data-status')).toBe('disconnected'),
    );
    expect(within(screen.getAllByTestId('wa-card')[0]!).getByTestId('wa-reason').textContent).toBe(
      M.unreachable,
    );
    expect(FakeSocket.all[0]?.url).toContain('/ws?token=tok');

    // the menu of a logged-out number offers relinking; the sandbox has no groups, token or relink
    await openMenuItem(screen.getAllByTestId('wa-card')[1]!, 'wa-relink');
    expect(await screen.findByTestId('wa-link-modal')).toBeTruthy();
  });

  it('shows agents the numbers read-only', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/account': page([account()]) });
    renderWithProviders(<WhatsappIntegrationPage />);
    const card = await screen.findByTestId('wa-card');
    expect(screen.queryByTestId('wa-add')).toBeNull();
    expect(screen.getByTestId('wa-read-only').textContent).toBe(M.ownerOnly);
    fireEvent.click(within(card).getByTestId('wa-menu'));
    expect(await screen.findByTestId('wa-groups')).toBeTruthy();
    expect(screen.queryByTestId('wa-rename')).toBeNull();
    expect(screen.queryByTestId('wa-delete')).toBeNull();
  });

  it('adds a number by QR: loader, then the QR with its countdown, then success', async () => {
    let current = account({
      id: 'new1',
      label: { name: 'CS Baru', phoneNumber: '' },
      status: 'connecting',
      linking: { method: 'qr', qr: null, code: null, expiresAt: null },
    });
    const api = stubApi({
      'GET /api/account': page([]),
      'POST /api/account/whatsapp': () => [201, current],
      'GET /api/account/new1': () => [200, current],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    fireEvent.click(await screen.findByTestId('wa-add'));
    const modal = await screen.findByTestId('wa-link-modal');
    fireEvent.click(within(modal).getByTestId('wa-link-submit'));
    expect(await within(modal).findByText(M.labelNameInvalid)).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp')).toEqual([]);

    fireEvent.change(within(modal).getByTestId('wa-link-name'), { target: { value: 'CS Baru' } });
    fireEvent.click(within(modal).getByTestId('wa-link-submit'));
    expect(await screen.findByText('Menghubungkan ke WhatsApp…')).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp')).toEqual([{ labelName: 'CS Baru', method: 'qr' }]);

    current = {
      ...current,
      status: 'waiting_scan',
      linking: {
        method: 'qr',
        qr: '2@abcdef,ghijk',
        code: null,
        expiresAt: new Date(Date.now() + 15_000).toISOString(),
      },
    };
    pushAccount(current);
    const qr = await screen.findByTestId('wa-qr');
    expect(qr.getAttribute('data-qr')).toBe('2@abcdef,ghijk');
    expect(screen.getByTestId('wa-qr-countdown').textContent).toMatch(/Kode berganti dalam 1[45] detik/);
    expect(screen.getByText(/Tautkan perangkat/)).toBeTruthy();

    current = {
      ...current,
      status: 'connected',
      linking: null,
      label: { name: 'CS Baru', phoneNumber: '6281299998888' },
    };
    pushAccount(current);
    expect(await screen.findByTestId('wa-link-success')).toBeTruthy();
    expect(screen.getAllByText('Nomor berhasil ditautkan').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('wa-link-success')).getByText(/\+62 812-9999-8888/)).toBeTruthy();
    // the new card is on the page too
    await waitFor(() => expect(screen.getByTestId('wa-card').getAttribute('data-status')).toBe('connected'));
  });

  it('adds a number by pairing code: asks for the phone, then shows XXXX-XXXX (polled)', async () => {
    const current = account({
      id: 'new2',
      status: 'waiting_scan',
      linking: { method: 'code', qr: null, code: 'ABCD1234', expiresAt: null },
    });
    const api = stubApi({
      'GET /api/account': page([]),
      'POST /api/account/whatsapp': () => [
        201,
        { ...current, status: 'connecting', linking: { ...current.linking!, code: null } },
      ],
      'GET /api/account/new2': () => [200, current],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    fireEvent.click(await screen.findByTestId('wa-add'));
    const modal = await screen.findByTestId('wa-link-modal');
    fireEvent.change(within(modal).getByTestId('wa-link-name'), { target: { value: 'CS Dua' } });
    fireEvent.click(within(modal).getByRole('radio', { name: 'Kode Pairing' }));
    fireEvent.click(within(modal).getByTestId('wa-link-submit'));
    expect(await within(modal).findByText(M.phoneInvalid)).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('wa-link-phone'), { target: { value: '0812-3456-7890' } });
    fireEvent.click(within(modal).getByTestId('wa-link-submit'));
    const code = await screen.findByTestId('wa-pairing-code');
    expect(code.textContent).toBe('ABCD-1234');
    expect(api.bodies('POST', '/api/account/whatsapp')).toEqual([
      { labelName: 'CS Dua', method: 'code', phoneNumber: '6281234567890' },
    ]);
    expect(screen.getByText(/Tautkan dengan nomor telepon/)).toBeTruthy();
  });

  it('says why linking failed instead of spinning, and tries again', async () => {
    const failed = account({ id: 'new3', status: 'disconnected', statusReason: M.unreachable });
    let current = failed;
    const api = stubApi({
      'GET /api/account': page([]),
      'POST /api/account/whatsapp': () => [201, failed],
      'GET /api/account/new3': () => [200, current],
      'POST /api/account/whatsapp/new3/link': () => {
        current = account({
          id: 'new3',
          status: 'connecting',
          linking: { method: 'qr', qr: null, code: null, expiresAt: null },
        });
        return [200, current];
      },
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    fireEvent.click(await screen.findByTestId('wa-add'));
    const modal = await screen.findByTestId('wa-link-modal');
    fireEvent.change(within(modal).getByTestId('wa-link-name'), { target: { value: 'CS Tiga' } });
    fireEvent.click(within(modal).getByTestId('wa-link-submit'));
    const error = await screen.findByTestId('wa-link-error');
    expect(error.textContent).toContain(M.unreachable);
    fireEvent.click(screen.getByTestId('wa-retry'));
    expect(await screen.findByText('Menghubungkan ke WhatsApp…')).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp/new3/link')).toEqual([{ method: 'qr' }]);
  });

  it('renames and sets the pace in seconds', async () => {
    const api = stubApi({
      'GET /api/account': page([account()]),
      'PUT /api/account/wa1': (body) => [
        200,
        account({ label: { name: (body as { labelName: string }).labelName, phoneNumber: '6281234567890' } }),
      ],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    await openMenuItem(await screen.findByTestId('wa-card'), 'wa-rename');
    const dialog = await screen.findByTestId('wa-rename-dialog');
    fireEvent.change(within(dialog).getByTestId('wa-rename-name'), { target: { value: 'CS Utama' } });
    fireEvent.change(within(dialog).getByLabelText('Jeda minimum antar pesan (detik)'), {
      target: { value: '5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Maksimal pesan per jam'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByTestId('wa-rename-submit'));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(api.bodies('PUT', '/api/account/wa1')).toEqual([
      { labelName: 'CS Utama', sendMinGapMs: 5000, sendHourlyCap: 120 },
    ]);
    await waitFor(() => expect(screen.getByTestId('wa-name').textContent).toBe('CS Utama'));
  });

  it('sends a test message', async () => {
    const api = stubApi({
      'GET /api/account': page([account()]),
      'POST /api/account/whatsapp/wa1/test': () => [200, { message: M.testSent, chatId: 'c1' }],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    await openMenuItem(await screen.findByTestId('wa-card'), 'wa-test');
    const dialog = await screen.findByTestId('wa-test-dialog');
    fireEvent.change(within(dialog).getByTestId('wa-test-phone'), { target: { value: '081299990000' } });
    fireEvent.change(within(dialog).getByTestId('wa-test-text'), { target: { value: 'Tes' } });
    fireEvent.click(within(dialog).getByTestId('wa-test-submit'));
    expect(await screen.findByText(M.testSent)).toBeTruthy();
    expect(api.bodies('POST', '/api/account/whatsapp/wa1/test')).toEqual([
      { phoneNumber: '6281299990000', text: 'Tes' },
    ]);
  });

  it('lists groups and contacts, with search and more', async () => {
    const api = stubApi({
      'GET /api/account': page([account()]),
      'GET /api/account/whatsapp/wa1/group': () => [
        200,
        { docs: [{ id: 'g1', name: 'Arisan', participants: 12 }] },
      ],
      'GET /api/account/whatsapp/wa1/contact': () =>
        api.urls.at(-1)?.includes('page=2')
          ? [200, { docs: [{ id: 'k3', name: 'Citra', phoneNumber: '6281100000003' }], hasNextPage: false }]
          : [
              200,
              {
                docs: [
                  { id: 'k1', name: 'Ani', phoneNumber: '6281100000001' },
                  { id: 'k2', name: 'Budi', phoneNumber: '6281100000002' },
                ],
                hasNextPage: true,
              },
            ],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    const card = await screen.findByTestId('wa-card');
    await openMenuItem(card, 'wa-groups');
    const groups = await screen.findByTestId('wa-groups-dialog');
    expect(await within(groups).findByText('Arisan')).toBeTruthy();
    expect(within(groups).getByText('12 anggota')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));

    await openMenuItem(card, 'wa-contacts');
    const contacts = await screen.findByTestId('wa-contacts-dialog');
    await waitFor(() => expect(within(contacts).getAllByTestId('wa-contact-row')).toHaveLength(2));
    fireEvent.click(within(contacts).getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(within(contacts).getAllByTestId('wa-contact-row')).toHaveLength(3));
    fireEvent.change(within(contacts).getByTestId('wa-contacts-search'), { target: { value: 'bud' } });
    await waitFor(() => expect(api.urls.at(-1)).toContain('search=bud'));
  });

  it('resets the API token and shows it once', async () => {
    stubApi({
      'GET /api/account': page([account()]),
      'PUT /api/account/whatsapp/wa1/reset-token': () => [
        200,
        { message: M.tokenReset, token: 'sapa_rahasia' },
      ],
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    await openMenuItem(await screen.findByTestId('wa-card'), 'wa-reset-token');
    const dialog = await screen.findByTestId('wa-token-dialog');
    fireEvent.click(within(dialog).getByTestId('wa-token-confirm'));
    expect((await within(dialog).findByTestId('wa-token-value')).textContent).toBe('sapa_rahasia');
    expect(within(dialog).getByText(M.tokenReset)).toBeTruthy();
    expect(within(dialog).getByTestId('wa-token-copy')).toBeTruthy();
  });

  it('deletes a number after the confirmation', async () => {
    let docs = [account(), SANDBOX];
    const api = stubApi({
      'GET /api/account': () => [200, { docs, hasNextPage: false }],
      'DELETE /api/account/wa1': () => {
        docs = [SANDBOX];
        return [200, { message: M.deleted }];
      },
    });
    renderWithProviders(<WhatsappIntegrationPage />);
    await openMenuItem((await screen.findAllByTestId('wa-card'))[0]!, 'wa-delete');
    const confirm = await screen.findByTestId('wa-delete-confirm');
    expect(
      within(confirm).getByText(
        'Nomor ini akan dikeluarkan dari WhatsApp dan dihapus. Percakapan yang ada tetap bisa dibaca.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('wa-delete-submit'));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/account/wa1');
    await waitFor(() => expect(screen.getAllByTestId('wa-card')).toHaveLength(1));
  });
});
