import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Account, CloudTemplate } from '@sapa/contracts';
import { ToastProvider } from '../../components/toast/toast-provider';
import { makeChat } from '../../test/chat-fixtures';
import { StartChatModal } from './start-chat-modal';

const account = (id: string, provider: string, name: string): Account =>
  ({
    _id: id,
    id,
    type: 'whatsapp',
    label: { name, phoneNumber: '6281234567890' },
    isSandbox: provider === 'sandbox',
    provider,
    status: 'connected',
    statusReason: null,
    lastSeenAt: null,
    linking: null,
    pacing: null,
    roundRobin: false,
    channel: null,
    createdAt: '2026-03-01T00:00:00.000Z',
  }) as Account;

const WEB = account('web1', 'whatsapp-web', 'CS Web');
const SANDBOX = account('sb1', 'sandbox', 'Coba');
const CLOUD = account('cloud1', 'whatsapp-cloud', 'CS Cloud');
const CLOUD2 = account('cloud2', 'whatsapp-cloud', 'Promo Cloud');

const ORDER: CloudTemplate = {
  name: 'order_update',
  language: 'id',
  category: 'UTILITY',
  header: 'Pesanan Anda',
  body: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
  footer: null,
  parameterCount: 2,
};
const HELLO: CloudTemplate = {
  name: 'sapaan',
  language: 'id',
  category: 'MARKETING',
  header: null,
  body: 'Halo dari Toko Demo!',
  footer: null,
  parameterCount: 0,
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };

function stubApi(templates: (accountId: string) => Answer) {
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
      const template = /^\/api\/account\/([^/]+)\/template-cloud$/.exec(call.path);
      const { status = 200, body }: Answer =
        call.path === '/api/account'
          ? { body: { docs: [WEB, SANDBOX, CLOUD, CLOUD2], hasNextPage: false } }
          : template
            ? templates(template[1]!)
            : call.path === '/api/chat/new'
              ? { body: makeChat({ _id: 'new1' }) }
              : { status: 404, body: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

function renderModal(onClose = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <ToastProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </ToastProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  render(<StartChatModal opened onClose={onClose} />, { wrapper: Wrapper });
  return { onClose };
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

async function chooseSender(id: string) {
  const select = screen.getByRole('combobox', { name: 'Nomor Pengirim' });
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
  fireEvent.change(select, { target: { value: id } });
}

const typePhone = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Nomor Telepon' }), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe("'Mulai Percakapan' from a WhatsApp Cloud API number (issue 25)", () => {
  it('shows the approved templates and the reason instead of the Pesan field', async () => {
    const calls = stubApi(() => ({ body: { docs: [ORDER, HELLO] } }));
    renderModal();
    await chooseSender('cloud1');
    expect(screen.queryByRole('textbox', { name: 'Pesan' })).toBeNull();
    const chooser = screen.getByTestId('start-chat-template');
    expect(screen.getByRole('group', { name: 'Template Pesan' })).toBe(chooser);
    expect(chooser.textContent).toContain(
      'Nomor WhatsApp Cloud API memulai percakapan dengan template pesan yang disetujui Meta.',
    );
    expect(screen.getByTestId('template-loading')).toBeTruthy();
    expect(await screen.findAllByTestId('template-option')).toHaveLength(2);
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/account/cloud1/template-cloud' }),
    );
  });

  it('says so when the number has no approved template, and offers a retry after a failure', async () => {
    let fail = true;
    stubApi((id) =>
      id === 'cloud1'
        ? { body: { docs: [] } }
        : fail
          ? { status: 502, body: { code: 'META', message: 'Tidak dapat menghubungi Meta saat ini.' } }
          : { body: { docs: [HELLO] } },
    );
    renderModal();
    await chooseSender('cloud1');
    const empty = await screen.findByTestId('template-empty');
    expect(empty.textContent).toContain('Belum ada template yang disetujui');
    expect(empty.textContent).toContain('WhatsApp Manager');

    await chooseSender('cloud2');
    const failed = await screen.findByTestId('template-load-failed');
    expect(failed.textContent).toContain('Tidak dapat menghubungi Meta saat ini.');
    fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Coba Lagi' }));
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);
  });

  it('requires a template and each of its values, then posts the filled body with the template', async () => {
    const calls = stubApi(() => ({ body: { docs: [ORDER, HELLO] } }));
    const { onClose } = renderModal();
    await chooseSender('cloud1');
    typePhone('81234567890');
    await screen.findAllByTestId('template-option');

    // no template yet
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    expect(screen.getByTestId('start-chat-template-error').textContent).toBe(
      'Pilih template pesan terlebih dahulu',
    );
    expect(posts(calls)).toHaveLength(0);

    fireEvent.click(screen.getAllByTestId('template-option')[0]!);
    expect(screen.queryByTestId('start-chat-template-error')).toBeNull();
    const preview = screen.getByTestId('template-preview');
    expect(preview.textContent).toBe('Pesanan AndaHalo {{1}}, pesanan {{2}} sudah dikirim.');
    const first = screen.getByRole('textbox', { name: 'Isian 1' });
    expect(document.activeElement).toBe(first);
    fireEvent.change(first, { target: { value: 'Budi' } });
    expect(preview.textContent).toContain('Halo Budi, pesanan {{2}} sudah dikirim.');

    // every value is required
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    const second = screen.getByRole('textbox', { name: 'Isian 2' });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(second, { target: { value: ' INV-042 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/chat/new',
        body: {
          accountId: 'cloud1',
          phoneNumber: '6281234567890',
          text: 'Halo Budi, pesanan INV-042 sudah dikirim.',
          template: { name: 'order_update', language: 'id', parameters: ['Budi', 'INV-042'] },
        },
      },
    ]);
  });

  it('posts a template without values as it is', async () => {
    const calls = stubApi(() => ({ body: { docs: [HELLO] } }));
    renderModal();
    await chooseSender('cloud1');
    typePhone('81234567890');
    fireEvent.click((await screen.findAllByTestId('template-option'))[0]!);
    expect(screen.getByText('Template ini tidak membutuhkan isian.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('template-back'));
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({
      accountId: 'cloud1',
      phoneNumber: '6281234567890',
      text: 'Halo dari Toko Demo!',
      template: { name: 'sapaan', language: 'id', parameters: [] },
    });
  });

  it('starts the choice afresh when the sender changes', async () => {
    stubApi(() => ({ body: { docs: [ORDER] } }));
    renderModal();
    await chooseSender('cloud1');
    fireEvent.click((await screen.findAllByTestId('template-option'))[0]!);
    expect(screen.getByTestId('template-picked').textContent).toBe('order_update');

    await chooseSender('cloud2');
    expect(screen.queryByTestId('template-picked')).toBeNull();
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);

    // 'Pilih template lain' goes back to the list as well
    fireEvent.click(screen.getAllByTestId('template-option')[0]!);
    fireEvent.click(screen.getByTestId('template-back'));
    expect(await screen.findAllByTestId('template-option')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByTestId('template-search'));

    // a WhatsApp Web sender writes its first message again
    fireEvent.click(screen.getAllByTestId('template-option')[0]!);
    await chooseSender('web1');
    expect(screen.queryByTestId('start-chat-template')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Pesan' })).toBeTruthy();
    await chooseSender('cloud1');
    expect(screen.queryByTestId('template-picked')).toBeNull();
  });

  it('does not submit the dialog on Enter in the template search', async () => {
    const calls = stubApi(() => ({ body: { docs: [ORDER] } }));
    renderModal();
    await chooseSender('cloud1');
    await screen.findAllByTestId('template-option');
    // the default (the form's implicit submission) is prevented
    expect(fireEvent.keyDown(screen.getByTestId('template-search'), { key: 'Enter' })).toBe(false);
    expect(screen.queryByTestId('start-chat-template-error')).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });
});

describe("'Mulai Percakapan' from other numbers keeps its text message", () => {
  it.each([
    ['WhatsApp Web', 'web1'],
    ['sandbox', 'sb1'],
  ])('a %s sender writes the first message and posts it as text', async (_name, id) => {
    const calls = stubApi(() => ({ body: { docs: [ORDER] } }));
    const { onClose } = renderModal();
    await chooseSender(id);
    expect(screen.queryByTestId('start-chat-template')).toBeNull();
    typePhone('81234567890');

    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    expect(await screen.findByText('Teks tidak valid')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Pesan' }), { target: { value: ' Halo ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/chat/new',
        body: { accountId: id, phoneNumber: '6281234567890', text: 'Halo' },
      },
    ]);
    expect(calls.some((c) => c.path.endsWith('/template-cloud'))).toBe(false);
  });
});
