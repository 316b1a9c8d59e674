import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { AgentPage } from './agent-page';

const sari: Agent = {
  _id: 'a1',
  name: 'Sari',
  email: 'sari@contoh.test',
  phone: '6281200000011',
  isVerified: true,
  canViewReports: false,
};
const budi: Agent = {
  _id: 'a2',
  name: 'Budi',
  email: 'budi@contoh.test',
  phone: '6281200000012',
  isVerified: false,
  canViewReports: false,
};
const tono: Agent = { ...sari, _id: 'a3', name: 'Tono', email: 'tono@contoh.test', phone: '6281200000013' };

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** A fetch stub answering by "METHOD /path" (query ignored); every call is recorded with its query. */
function stubApi(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://sapa.test');
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${url.pathname}`];
      const [status, data] = handler ? handler(call) : [404, { message: 'Alamat tidak ditemukan' }];
      return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/agent');

afterEach(() => vi.unstubAllGlobals());

describe('the agents list', () => {
  it('shows each agent with their status, offers Verifikasi only to the unverified, and pages with Lebih Banyak', async () => {
    const calls = stubApi({
      'GET /api/agent': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? [200, { docs: [tono], hasNextPage: false }]
          : [200, { docs: [budi, sari], hasNextPage: true }],
    });
    renderWithProviders(<AgentPage />);
    expect(screen.getByTestId('agent-skeleton')).toBeTruthy();

    const rows = await screen.findAllByTestId('agent-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Budi')).toBeTruthy();
    expect(within(first).getByText('budi@contoh.test')).toBeTruthy();
    expect(within(first).getByText('+6281200000012')).toBeTruthy();
    expect(within(first).getByTestId('agent-status').textContent).toBe('Belum Terverifikasi');
    expect(within(first).getByRole('button', { name: 'Verifikasi Budi' })).toBeTruthy();
    expect(within(second).getByTestId('agent-status').textContent).toBe('Terverifikasi');
    expect(within(second).queryByRole('button', { name: /Verifikasi/ })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Ubah Sari' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Hapus Sari' })).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls)[0]!.url.searchParams)).toEqual({ page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(screen.getAllByTestId('agent-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Lebih Banyak' })).toBeNull();
  });

  it('searches on Enter, filters by status, and tells an empty tenant from an empty search', async () => {
    const calls = stubApi({ 'GET /api/agent': () => [200, { docs: [], hasNextPage: false }] });
    renderWithProviders(<AgentPage />);
    expect(await screen.findByText('Anda belum mempunyai Agen')).toBeTruthy();
    expect(
      within(screen.getByTestId('agent-empty')).getByRole('button', { name: 'Tambah Agen' }),
    ).toBeTruthy();

    const search = screen.getByRole('textbox', { name: 'Cari agen' });
    fireEvent.change(search, { target: { value: '  rina ' } });
    fireEvent.submit(search.closest('form')!);
    expect(await screen.findByText('Agen tidak ditemukan')).toBeTruthy();
    expect(listCalls(calls).at(-1)!.url.searchParams.get('search')).toBe('rina');

    fireEvent.click(screen.getByText('Belum Terverifikasi'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('isVerified')).toBe('false'));
    expect(listCalls(calls).at(-1)!.url.searchParams.get('search')).toBe('rina');
  });

  it('shows cards instead of the table on narrow screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    stubApi({ 'GET /api/agent': () => [200, { docs: [budi], hasNextPage: false }] });
    renderWithProviders(<AgentPage />);
    const row = await screen.findByTestId('agent-row');
    expect(row.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(row).getByTestId('agent-status').textContent).toBe('Belum Terverifikasi');
  });
});

describe('deleting an agent', () => {
  it('explains what happens to their chats, deletes on confirm and toasts the result', async () => {
    const calls = stubApi({
      'GET /api/agent': () => [200, { docs: [sari], hasNextPage: false }],
      'DELETE /api/agent/a1': () => [200, { message: 'Agen berhasil dihapus' }],
    });
    renderWithProviders(<AgentPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus Sari' }));
    const dialog = await screen.findByTestId('agent-delete-confirm');
    expect(dialog.textContent).toContain('Percakapan yang ditangani Sari menjadi tidak ter-assign');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Agen berhasil dihapus')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/agent/a1')).toBe(true);
  });
});
