import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Chat, CloudTemplate, Message } from '@sapa/contracts';
import { ToastProvider } from '../../components/toast/toast-provider';
import { chatKeys } from '../../resources/chat/chat-keys';
import { flattenMessages, type MessagePages } from '../../resources/chat/message-cache';
import { makeChat, makeMessage } from '../../test/chat-fixtures';
import { ChatRoom } from './chat-room';
import { TemplatePicker } from './template-picker';
import { useSendMessage } from './use-send-message';

const ORDER: CloudTemplate = {
  name: 'order_update',
  language: 'id',
  category: 'UTILITY',
  header: 'Pesanan Anda',
  body: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
  footer: 'Toko Demo',
  parameterCount: 2,
};
const PROMO: CloudTemplate = {
  name: 'promo_akhir_tahun',
  language: 'en_US',
  category: 'MARKETING',
  header: null,
  body: 'Diskon 50% untuk Anda!',
  footer: null,
  parameterCount: 0,
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

function stubApi(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://x').pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

/** Like test/render's providers, with a query client the test can read (features may not import app/). */
function providers(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <ToastProvider>{children}</ToastProvider>
        </MantineProvider>
      </QueryClientProvider>
    );
  };
}

/** The picker wired to the room's real send path, over a chat whose messages are loaded (empty). */
function renderPicker(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const empty: MessagePages = { pages: [{ docs: [], hasNextPage: false }], pageParams: [1] };
  queryClient.setQueryData(chatKeys.messages('c1'), empty);
  function Harness() {
    const send = useSendMessage('c1', 'whatsapp');
    return <TemplatePicker chatId="c1" opened onClose={onClose} onSend={(content) => send(content, null)} />;
  }
  render(<Harness />, { wrapper: providers(queryClient) });
  const messages = () => flattenMessages(queryClient.getQueryData<MessagePages>(chatKeys.messages('c1')));
  return { onClose, messages };
}

const templates = (docs: CloudTemplate[]) => ({ body: { docs } });
const sent = (call: Call): Message =>
  makeMessage({
    _id: 'm1',
    chatId: 'c1',
    isFromMe: true,
    status: 'sent',
    temporaryId: (call.body as { temporaryId: string }).temporaryId,
    text: (call.body as { text: string }).text,
  });

afterEach(() => vi.unstubAllGlobals());

describe('the WhatsApp Cloud API template picker (issue 25)', () => {
  it('lists the approved templates with category and language, and searches by name', async () => {
    const calls = stubApi(() => templates([ORDER, PROMO]));
    renderPicker();
    expect(screen.getByTestId('template-loading')).toBeTruthy();
    const options = await screen.findAllByTestId('template-option');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/chat/c1/template-cloud' });
    expect(options).toHaveLength(2);
    expect(within(options[0]!).getByTestId('template-category').textContent).toBe('Utilitas');
    expect(within(options[1]!).getByTestId('template-category').textContent).toBe('Marketing');
    expect(within(options[0]!).getByTestId('template-language').getAttribute('title')).toBe('id');
    expect(within(options[1]!).getByTestId('template-language').getAttribute('title')).toBe('en_US');
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari template' }), {
      target: { value: 'promo akhir' },
    });
    expect(screen.getAllByTestId('template-option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('promo_akhir_tahun'),
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari template' }), { target: { value: 'xyz' } });
    expect(screen.getByTestId('template-no-match').textContent).toContain('Template tidak ditemukan');
  });

  it('moves between the search box and the templates with the arrow keys', async () => {
    stubApi(() => templates([ORDER, PROMO]));
    renderPicker();
    const search = screen.getByRole('textbox', { name: 'Cari template' });
    await screen.findAllByTestId('template-option');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('order_update');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('promo_akhir_tahun');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(search);
  });

  it('says so when no template is approved yet, pointing at WhatsApp Manager', async () => {
    stubApi(() => templates([]));
    renderPicker();
    const empty = await screen.findByTestId('template-empty');
    expect(empty.textContent).toContain('Belum ada template yang disetujui');
    expect(empty.textContent).toContain('WhatsApp Manager');
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? { status: 502, body: { code: 'META', message: 'Tidak dapat menghubungi Meta saat ini.' } }
        : templates([ORDER]),
    );
    renderPicker();
    const failed = await screen.findByTestId('template-load-failed');
    expect(failed.textContent).toContain('Tidak dapat menghubungi Meta saat ini.');
    fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);
  });

  it('fills the preview live, refuses empty values, then sends the template through the send path', async () => {
    let release: () => void = () => {};
    const calls = stubApi((call) => {
      if (call.method === 'GET') return templates([ORDER, PROMO]);
      return new Promise((resolve) => {
        release = () => resolve({ body: sent(call) });
      });
    });
    const { onClose, messages } = renderPicker();
    fireEvent.click((await screen.findAllByTestId('template-option'))[0]!);

    const preview = screen.getByTestId('template-preview');
    expect(preview.textContent).toBe('Pesanan AndaHalo {{1}}, pesanan {{2}} sudah dikirim.Toko Demo');
    const first = screen.getByRole('textbox', { name: 'Isian 1' });
    expect(document.activeElement).toBe(first);
    expect(screen.getByText('Template ini membutuhkan 2 isian')).toBeTruthy();
    fireEvent.change(first, { target: { value: 'Budi' } });
    expect(preview.textContent).toContain('Halo Budi, pesanan {{2}} sudah dikirim.');

    // every value is required
    fireEvent.click(screen.getByTestId('template-send'));
    const second = screen.getByRole('textbox', { name: 'Isian 2' });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Value is required')).toBeTruthy();
    expect(document.activeElement).toBe(second);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(second, { target: { value: ' INV-042 ' } });
    expect(preview.textContent).toContain('Halo Budi, pesanan  INV-042  sudah dikirim.');
    fireEvent.click(screen.getByTestId('template-send'));

    // the pending bubble shows at once, before the server answers
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(messages()).toEqual([
      expect.objectContaining({ status: 'pending', text: 'Halo Budi, pesanan INV-042 sudah dikirim.' }),
    ]);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/chat/c1/message');
    expect(post.body).toEqual({
      temporaryId: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      type: 'text',
      text: 'Halo Budi, pesanan INV-042 sudah dikirim.',
      template: { name: 'order_update', language: 'id', parameters: ['Budi', 'INV-042'] },
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => release());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(messages()).toEqual([expect.objectContaining({ _id: 'm1', status: 'sent' })]);
  });

  it('shows the server’s refusal and stays open', async () => {
    stubApi((call) =>
      call.method === 'GET'
        ? templates([PROMO])
        : {
            status: 400,
            body: { code: 'VALIDATION', message: 'Template tidak ditemukan atau belum disetujui Meta' },
          },
    );
    const { onClose, messages } = renderPicker();
    fireEvent.click((await screen.findAllByTestId('template-option'))[0]!);
    expect(screen.getByText('Template ini tidak membutuhkan isian.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('template-send'));
    const alert = await screen.findByTestId('form-error');
    expect(alert.textContent).toBe('Template tidak ditemukan atau belum disetujui Meta');
    expect(onClose).not.toHaveBeenCalled();
    expect(messages()).toEqual([
      expect.objectContaining({ status: 'error', text: 'Diskon 50% untuk Anda!' }),
    ]);
    // back to the list to pick another
    fireEvent.click(screen.getByTestId('template-back'));
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);
  });
});

describe('the room offers templates outside the Cloud API window (issue 25)', () => {
  it("opens the picker from the notice's 'Pilih template'", async () => {
    const chat: Chat = makeChat({
      _id: 'c1',
      account: {
        type: 'whatsapp',
        label: { name: 'WA Cloud' },
        provider: 'whatsapp-cloud',
        replyWindowHours: 24,
      },
      fromSenderAt: '2020-01-01T00:00:00.000Z',
    });
    stubApi((call) => {
      if (call.path === '/api/chat/c1') return { body: chat };
      if (call.path === '/api/chat/c1/message') return { body: { docs: [], hasNextPage: false } };
      if (call.path === '/api/chat/c1/template-cloud') return templates([ORDER]);
      return { body: {} };
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <ChatRoom chatId="c1" />
      </MemoryRouter>,
      { wrapper: providers(queryClient) },
    );
    const notice = await screen.findByTestId('composer-notice');
    expect(screen.queryByTestId('chat-composer')).toBeNull();
    const pick = within(notice).getByRole('button', { name: 'Pilih template' });
    await waitFor(() => expect(pick.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pick);
    expect(await screen.findByRole('dialog', { name: 'Kirim template WhatsApp' })).toBeTruthy();
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);
  });
});
