import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxStatus } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { owner } from '../../test/fixtures';
import { setSandboxLinkKey } from './sandbox-api';
import { SandboxChat } from './sandbox-chat';
import type { SandboxMessage } from './sandbox-messages';
import { SandboxPage } from './sandbox-page';
import { statusTextColor } from './sandbox-status-feed';
import { stubApi, type FakeReply } from './sandbox-test-api';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Records every request and answers it with `answer` (404 when it has nothing). */
function fakeApi(answer: (url: string, method: string, body: unknown) => FakeReply | undefined) {
  const calls: Call[] = [];
  stubApi((url, method, init) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method, body });
    return answer(url, method, body) ?? { status: 404, data: { message: 'Data tidak ditemukan' } };
  });
  return calls;
}

/** The sockets the page opens, so a test can push frames into them. */
const sockets: { url: string; onmessage: ((event: { data: string }) => void) | null }[] = [];
class RecordingSocket extends EventTarget {
  readyState = 0;
  onopen = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror = null;
  onclose = null;
  constructor(readonly url: string) {
    super();
    sockets.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}
const push = (frame: unknown) =>
  act(() => {
    for (const socket of sockets) socket.onmessage?.({ data: JSON.stringify(JSON.stringify(frame)) });
  });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  setSandboxLinkKey(null);
  sockets.length = 0;
});

const whatsapp = {
  _id: 'acc-wa',
  type: 'whatsapp',
  label: { name: 'Toko Demo', phoneNumber: '6281100000001' },
  ownerName: 'Toko Sapa Demo',
  restricted: false,
};

describe("the simulator's 'Batasi nomor (463)' switch", () => {
  it('flips the chosen WhatsApp number and says what it does', async () => {
    sessionStore.set(sessionFromUser('owner-token', owner));
    const calls = fakeApi((url, method, body) => {
      if (url === '/api/sandbox/accounts') return { status: 200, data: { docs: [whatsapp] } };
      if (method === 'PUT' && url === '/api/sandbox/account/acc-wa/restricted') {
        return {
          status: 200,
          data: { _id: 'acc-wa', restricted: (body as { restricted: boolean }).restricted },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/sandbox']}>
        <SandboxPage />
      </MemoryRouter>,
    );
    const toggle = (await screen.findByRole('switch', { name: /^Batasi nomor \(463\)/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(
      await screen.findByText(/pesan berikutnya dari nomor ini akan ditolak dengan kode 463/),
    ).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/sandbox/account/acc-wa/restricted', { restricted: true }],
      ['/api/sandbox/account/acc-wa/restricted', { restricted: false }],
    ]);
  });

  it('stays as it was when the server refuses, and tells why', async () => {
    sessionStore.set(sessionFromUser('owner-token', owner));
    fakeApi((url, method) => {
      if (url === '/api/sandbox/accounts')
        return { status: 200, data: { docs: [{ ...whatsapp, restricted: true }] } };
      if (method === 'PUT') return { status: 404, data: { message: 'Akun pengirim tidak ditemukan' } };
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/sandbox']}>
        <SandboxPage />
      </MemoryRouter>,
    );
    const toggle = (await screen.findByRole('switch', { name: /^Batasi nomor \(463\)/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('Akun pengirim tidak ditemukan')).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('is not offered on an Instagram sandbox account', async () => {
    sessionStore.set(sessionFromUser('owner-token', owner));
    fakeApi((url) =>
      url === '/api/sandbox/accounts'
        ? {
            status: 200,
            data: {
              docs: [
                { ...whatsapp, _id: 'acc-ig', type: 'instagram', label: { name: 'IG', phoneNumber: '' } },
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/sandbox']}>
        <SandboxPage />
      </MemoryRouter>,
    );
    await screen.findByTestId('sandbox-account');
    expect(screen.queryByRole('switch', { name: /^Batasi nomor \(463\)/ })).toBeNull();
  });
});

const customer = { accountId: 'acc-wa', phoneNumber: '6281234567890', name: 'Budi' };

function status(overrides: Partial<SandboxStatus>): SandboxStatus {
  return {
    _id: 'st-1',
    accountId: 'acc-wa',
    type: 'text',
    text: 'Diskon 20% hari ini',
    backgroundColor: '#25d366',
    mediaUrl: null,
    viewers: 12,
    createdAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

describe("the phone's Status tab", () => {
  it('shows the posted statuses newest first, adds live ones and counts the unseen', async () => {
    vi.stubGlobal('WebSocket', RecordingSocket);
    const calls = fakeApi((url) => {
      if (url.startsWith('/api/sandbox/conversation'))
        return { status: 200, data: { chatId: null, messages: [] } };
      if (url === '/api/sandbox/account/acc-wa/status') return { status: 200, data: { docs: [status({})] } };
      return undefined;
    });
    renderWithProviders(<SandboxChat customer={customer} businessName="Toko Demo" channel="whatsapp" />);
    const tab = await screen.findByRole('tab', { name: 'Status (1 baru)' });
    expect(calls.some((c) => c.url === '/api/sandbox/account/acc-wa/status')).toBe(true);

    fireEvent.click(tab);
    const feed = await screen.findByRole('list', { name: 'Status Toko Demo' });
    expect(within(feed).getByText('Diskon 20% hari ini')).toBeTruthy();
    expect(within(feed).getByText('Dibagikan ke 12 kontak')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Status' })).toBeTruthy());

    // a new post arrives on the socket while the customer is back on the chat
    fireEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await push({
      type: 'sandbox.status',
      status: status({
        _id: 'st-2',
        type: 'image',
        text: 'Koleksi baru',
        backgroundColor: null,
        mediaUrl: '/api/media/baru.jpg',
        viewers: 3,
        createdAt: '2026-01-10T09:00:00.000Z',
      }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Status (1 baru)' }));
    const cards = within(screen.getByRole('list', { name: 'Status Toko Demo' })).getAllByTestId(
      'sandbox-status',
    );
    expect(cards.map((c) => c.getAttribute('data-type'))).toEqual(['image', 'text']);
    const picture = within(cards[0]!).getByRole('img', { name: 'Koleksi baru' });
    expect(picture.getAttribute('src')).toBe('/api/media/baru.jpg');
  });

  it('says so when the number has posted nothing yet', async () => {
    fakeApi((url) => {
      if (url.startsWith('/api/sandbox/conversation'))
        return { status: 200, data: { chatId: null, messages: [] } };
      if (url.startsWith('/api/sandbox/account/')) return { status: 200, data: { docs: [] } };
      return undefined;
    });
    renderWithProviders(<SandboxChat customer={customer} businessName="Toko Demo" channel="whatsapp" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Status' }));
    expect((await screen.findByTestId('sandbox-status-empty')).textContent).toContain(
      'Belum ada status dari Toko Demo',
    );
  });

  it('text on a light colour is dark, on a dark colour white', () => {
    expect(statusTextColor('#ffeb3b')).toBe('#1f1f1f');
    expect(statusTextColor('#0f766e')).toBe('#ffffff');
    expect(statusTextColor('bukan warna')).toBe('#ffffff');
  });
});

function message(overrides: Partial<SandboxMessage>): SandboxMessage {
  return {
    _id: 'm1',
    type: 'text',
    text: '',
    isFromMe: false,
    status: 'read',
    createdAt: '2026-01-10T08:00:00.000Z',
    quoted: null,
    ...overrides,
  };
}

describe('deleting a message for everyone', () => {
  it("the customer's own message gets a menu; deleting it tells the server and the bubble says so", async () => {
    const calls = fakeApi((url) => {
      if (url.startsWith('/api/sandbox/conversation')) {
        return {
          status: 200,
          data: {
            chatId: 'chat-1',
            messages: [
              message({ _id: 'c1', text: 'Salah kirim' }),
              message({ _id: 'b1', text: 'Halo kak', isFromMe: true, createdAt: '2026-01-10T08:01:00.000Z' }),
            ],
          },
        };
      }
      if (url === '/api/sandbox/inbound') return { status: 200, data: { chatId: 'chat-1', messageId: 'c1' } };
      return undefined;
    });
    renderWithProviders(<SandboxChat customer={customer} businessName="Toko Demo" channel="whatsapp" />);
    await screen.findByText('Salah kirim');
    // only the customer's message has it: the business's cannot be deleted by the customer
    const menus = screen.getAllByRole('button', { name: 'Menu pesan' });
    expect(menus).toHaveLength(1);
    fireEvent.click(menus[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hapus untuk semua orang' }));
    await waitFor(() => expect(screen.queryByText('Salah kirim')).toBeNull());
    const bubble = screen
      .getAllByTestId('sandbox-message')
      .find((el) => el.getAttribute('data-message-id') === 'c1')!;
    expect(bubble.getAttribute('data-type')).toBe('deleted');
    expect(calls.filter((c) => c.url === '/api/sandbox/inbound').map((c) => c.body)).toEqual([
      { type: 'deleted', accountId: 'acc-wa', phoneNumber: '6281234567890', messageId: 'c1' },
    ]);
    expect(screen.queryAllByRole('button', { name: 'Menu pesan' })).toHaveLength(0);
  });

  it('keeps the message when the server refuses, and tells why', async () => {
    fakeApi((url) => {
      if (url.startsWith('/api/sandbox/conversation')) {
        return {
          status: 200,
          data: { chatId: 'chat-1', messages: [message({ _id: 'c1', text: 'Tetap ada' })] },
        };
      }
      if (url === '/api/sandbox/inbound')
        return { status: 404, data: { message: 'Pesan pelanggan tidak ditemukan' } };
      return undefined;
    });
    renderWithProviders(<SandboxChat customer={customer} businessName="Toko Demo" channel="whatsapp" />);
    await screen.findByText('Tetap ada');
    fireEvent.click(screen.getByRole('button', { name: 'Menu pesan' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hapus untuk semua orang' }));
    expect(await screen.findByText('Pesan pelanggan tidak ditemukan')).toBeTruthy();
    expect(screen.getByText('Tetap ada')).toBeTruthy();
  });
});
