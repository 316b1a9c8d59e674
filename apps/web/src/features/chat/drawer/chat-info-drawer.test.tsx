import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Chat } from '@sapa/contracts';
import { makeChat } from '../../../test/chat-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChatInfoDrawer } from './chat-info-drawer';

type Call = { method: string; url: string; body: unknown };

function stubApi(chat: Chat, pages: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method, url, body });
      const path = new URL(url, 'http://x').pathname;
      if (method === 'GET')
        return new Response(JSON.stringify(pages[path] ?? { docs: [], hasNextPage: false }));
      return new Response(JSON.stringify({ ...chat, contact: { ...chat.contact, ...(body as object) } }));
    }),
  );
  return calls;
}

function renderDrawer(chat: Chat, myAgentId: string | null = null) {
  return renderWithProviders(
    <MemoryRouter>
      <ChatInfoDrawer chat={chat} opened onClose={() => {}} myAgentId={myAgentId} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const labels = {
  docs: [
    { _id: 'l1', name: 'VIP', color: '#b91c1c', total: 3 },
    { _id: 'l2', name: 'Grosir', color: '#1d4ed8', total: 1 },
  ],
  hasNextPage: false,
};
const agents = {
  docs: [
    { _id: 'a1', name: 'Rina', email: 'rina@toko.test', phone: '62811', isVerified: true },
    { _id: 'a2', name: 'Joko', email: 'joko@toko.test', phone: '62812', isVerified: true },
  ],
  hasNextPage: false,
};

describe('Info Percakapan (spec §2 drawer)', () => {
  it('edits the name with Enter, cancels the number with Escape, and saves the note', async () => {
    const chat = makeChat({ _id: 'c1' });
    const calls = stubApi(chat, { '/api/chat/label': labels, '/api/agent': agents });
    renderDrawer(chat);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah Nama' }));
    const name = screen.getByTestId('drawer-name-input');
    fireEvent.change(name, { target: { value: 'Budi Santoso' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Budi Santoso' }),
    );
    expect(await screen.findByText('Kontak Percakapan berhasil diubah')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ubah Nomor Telepon' }));
    const phone = screen.getByTestId('drawer-phone-input');
    fireEvent.change(phone, { target: { value: '0812' } });
    fireEvent.keyDown(phone, { key: 'Enter' });
    expect(await screen.findByText('Nomor Telepon tidak valid')).toBeTruthy();
    fireEvent.keyDown(phone, { key: 'Escape' });
    expect(screen.queryByTestId('drawer-phone-input')).toBeNull();

    const note = screen.getByPlaceholderText('Percakapan belum memiliki catatan');
    fireEvent.change(note, { target: { value: 'Kirim via JNE' } });
    fireEvent.click(screen.getByTestId('drawer-note-save'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ note: 'Kirim via JNE' }),
    );
  });

  it('toggles labels and assigns an agent; an agent only sees themselves and no picker once assigned', async () => {
    const chat = makeChat({ _id: 'c2' });
    const calls = stubApi(chat, { '/api/chat/label': labels, '/api/agent': agents });
    const view = renderDrawer(chat);
    const labelList = await screen.findByTestId('drawer-labels');
    fireEvent.click(within(labelList).getByLabelText('VIP'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ labelIds: ['l1'] }));
    const agentList = await screen.findByTestId('drawer-agents');
    fireEvent.click(within(agentList).getByRole('button', { name: /Joko/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/assign'))?.body).toEqual({ agentId: 'a2' }),
    );
    view.unmount();

    stubApi(chat, { '/api/chat/label': labels, '/api/agent': agents });
    const asAgent = renderDrawer(chat, 'a1');
    const mine = await screen.findByTestId('drawer-agents');
    expect(within(mine).queryByRole('button', { name: /Joko/ })).toBeNull();
    expect(within(mine).getByRole('button', { name: /Rina/ })).toBeTruthy();
    asAgent.unmount();

    const held = makeChat({ _id: 'c3', agentId: 'a2', agent: { _id: 'a2', name: 'Joko', phone: '62812' } });
    stubApi(held, { '/api/chat/label': labels, '/api/agent': agents });
    renderDrawer(held, 'a1');
    expect(await screen.findByTestId('drawer-agent-current')).toBeTruthy();
    expect(screen.queryByTestId('drawer-agents')).toBeNull();
    expect(screen.queryByTestId('drawer-unassign')).toBeNull();
  });

  it('shows the empty hints with their links', async () => {
    const chat = makeChat({ _id: 'c4' });
    stubApi(chat, {});
    renderDrawer(chat);
    expect(await screen.findByText(/Anda belum menambahkan Label/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tambah Label' }).getAttribute('href')).toBe(
      '/user/setting/label',
    );
    expect(await screen.findByText(/Anda belum mempunyai Agen/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tambah Agen' }).getAttribute('href')).toBe('/user/agent');
  });
});
