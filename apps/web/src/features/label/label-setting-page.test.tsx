import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Label } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LabelSettingPage } from './label-setting-page';
import { LabelBadge } from './label-badge';

const VIP: Label = { _id: 'l1', name: 'VIP', color: '#6d28d9', total: 3 };
const PESANAN: Label = { _id: 'l2', name: 'Pesanan baru', color: '#c2410c', total: 0 };
const RESELLER: Label = { _id: 'l3', name: 'Reseller', color: '#15803d', total: 1250 };

type Routes = Parameters<typeof fakeFetch>[0];

/** A request as the server reads it: the order of the query parameters means nothing to it. */
interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** Stubs fetch; `requests` keeps each request's method, path and query parameters. */
function stubApi(routes: Routes) {
  const fake = fakeFetch(routes);
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://sapa.test');
    requests.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { requests, bodies };
}

const listRequest = (query: Record<string, string>): SentRequest => ({
  method: 'GET',
  path: '/api/chat/label',
  query,
});

async function openAddForm() {
  fireEvent.click(await screen.findByTestId('label-add'));
  return screen.findByTestId('label-form');
}

const nameInput = (form: HTMLElement) => within(form).getByRole('textbox', { name: /Nama label/ });
const colorInput = (form: HTMLElement) => within(form).getByRole('textbox', { name: /Kode warna/ });

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

describe('Pengaturan > Label list', () => {
  it('shows each label with its colour and conversation count, and loads more', async () => {
    const api = stubApi({
      'GET /api/chat/label': () =>
        api.requests.at(-1)?.query.page === '2'
          ? [200, { docs: [RESELLER], hasNextPage: false }]
          : [200, { docs: [PESANAN, VIP], hasNextPage: true }],
    });
    renderWithProviders(<LabelSettingPage />);
    expect(screen.getByTestId('label-skeleton')).toBeTruthy();

    const rows = await screen.findAllByTestId('label-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pesanan baru')).toBeTruthy();
    expect(within(rows[0]!).getByText('0 percakapan')).toBeTruthy();
    expect(within(rows[1]!).getByText('VIP')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 percakapan')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('label-swatch').getAttribute('data-color')).toBe('#6d28d9');
    expect(within(rows[1]!).getByRole('button', { name: 'Ubah label VIP' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Hapus label VIP' })).toBeTruthy();
    expect(api.requests[0]).toEqual(listRequest({ page: '1', limit: '20' }));

    fireEvent.click(screen.getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(screen.getAllByTestId('label-row')).toHaveLength(3));
    expect(api.requests[1]).toEqual(listRequest({ page: '2', limit: '20' }));
    expect(within(screen.getAllByTestId('label-row')[2]!).getByText('1.250 percakapan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lebih Banyak' })).toBeNull();
  });

  it("says 'Anda belum menambahkan Label' with the add button, and 'Label tidak ditemukan' on an empty search", async () => {
    const api = stubApi({ 'GET /api/chat/label': () => [200, { docs: [], hasNextPage: false }] });
    renderWithProviders(<LabelSettingPage />);
    const empty = await screen.findByTestId('label-empty');
    expect(within(empty).getByText('Anda belum menambahkan Label')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Tambah Label' }));
    expect(await screen.findByTestId('label-form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari label' }), { target: { value: 'vip' } });
    expect(await screen.findByText('Label tidak ditemukan')).toBeTruthy();
    await waitFor(() =>
      expect(api.requests.at(-1)).toEqual(listRequest({ page: '1', limit: '20', search: 'vip' })),
    );
    expect(screen.queryByTestId('label-empty')).toBeNull();
  });

  it('shows agents the labels read-only', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/chat/label': () => [200, { docs: [VIP], hasNextPage: false }] });
    renderWithProviders(<LabelSettingPage />);
    const row = await screen.findByTestId('label-row');
    expect(within(row).getByText('VIP')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('label-add')).toBeNull();
    expect(screen.getByTestId('label-read-only').textContent).toContain('Hanya pemilik akun');
  });
});

describe('Tambah / Ubah Label', () => {
  it('validates the name and colour in Indonesian before sending anything', async () => {
    const api = stubApi({ 'GET /api/chat/label': () => [200, { docs: [VIP], hasNextPage: false }] });
    renderWithProviders(<LabelSettingPage />);
    const form = await openAddForm();
    // a new label starts with the brand teal
    expect((colorInput(form) as HTMLInputElement).value).toBe('#0f766e');
    expect((within(form).getByRole('radio', { name: 'Hijau tosca' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(nameInput(form), { target: { value: '   ' } });
    fireEvent.change(colorInput(form), { target: { value: '#12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama label tidak valid')).toBeTruthy();
    expect(within(form).getByText('Warna label tidak valid')).toBeTruthy();

    fireEvent.change(nameInput(form), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama label maksimal 50 karakter')).toBeTruthy();
    expect(api.bodies('POST', '/api/chat/label')).toEqual([]);
  });

  it('creates a label with a preset colour, then toasts and refreshes the list', async () => {
    let saved: Label[] = [];
    const api = stubApi({
      'GET /api/chat/label': () => [200, { docs: saved, hasNextPage: false }],
      'POST /api/chat/label': (body) => {
        saved = [{ _id: 'n1', ...(body as { name: string; color: string }), total: 0 }];
        return [201, saved[0]];
      },
    });
    renderWithProviders(<LabelSettingPage />);
    await screen.findByTestId('label-empty');
    fireEvent.click(screen.getByTestId('label-add'));
    const form = await screen.findByTestId('label-form');
    fireEvent.change(nameInput(form), { target: { value: '  Komplain ' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Merah' }));
    expect((colorInput(form) as HTMLInputElement).value).toBe('#b91c1c');
    expect(within(within(form).getByTestId('label-preview')).getAllByText('Komplain')).toHaveLength(2);
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Label berhasil ditambahkan')).toBeTruthy();
    expect(api.bodies('POST', '/api/chat/label')).toEqual([{ name: 'Komplain', color: '#b91c1c' }]);
    const row = await screen.findByTestId('label-row');
    expect(within(row).getByText('Komplain')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('label-form')).toBeNull());
  });

  it('renames and recolours with a typed hex, and shows a taken name on the field', async () => {
    let taken = true;
    const api = stubApi({
      'GET /api/chat/label': () => [200, { docs: [VIP], hasNextPage: false }],
      'PUT /api/chat/label/l1': (body) =>
        taken
          ? [
              409,
              {
                statusCode: 409,
                code: 'CONFLICT',
                message: 'Nama label sudah digunakan',
                fields: { name: 'Nama label sudah digunakan' },
              },
            ]
          : [200, { ...VIP, ...(body as object) }],
    });
    renderWithProviders(<LabelSettingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah label VIP' }));
    const form = await screen.findByTestId('label-form');
    expect(screen.getByText('Ubah Label')).toBeTruthy();
    expect((nameInput(form) as HTMLInputElement).value).toBe('VIP');
    expect((within(form).getByRole('radio', { name: 'Ungu' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(nameInput(form), { target: { value: 'Reseller' } });
    fireEvent.change(colorInput(form), { target: { value: '#FFD43B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama label sudah digunakan')).toBeTruthy();

    taken = false;
    fireEvent.change(nameInput(form), { target: { value: 'Pelanggan VIP' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Label berhasil diubah')).toBeTruthy();
    expect(api.bodies('PUT', '/api/chat/label/l1')).toEqual([
      { name: 'Reseller', color: '#ffd43b' },
      { name: 'Pelanggan VIP', color: '#ffd43b' },
    ]);
  });
});

describe('Hapus Label', () => {
  it('says how many conversations lose the label, then deletes it', async () => {
    let labels = [VIP, PESANAN];
    const api = stubApi({
      'GET /api/chat/label': () => [200, { docs: labels, hasNextPage: false }],
      // the count as it is now: one more chat was labelled since the list loaded
      'GET /api/chat/label/ids': () => [200, { docs: [{ ...VIP, total: 4 }] }],
      'DELETE /api/chat/label/l1': () => {
        labels = [PESANAN];
        return [200, { message: 'Label berhasil dihapus', chats: 4 }];
      },
    });
    renderWithProviders(<LabelSettingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus label VIP' }));
    const confirm = await screen.findByTestId('label-delete-confirm');
    expect(within(confirm).getByText('Label "VIP" akan dihapus.')).toBeTruthy();
    expect(await within(confirm).findByText('Label ini akan dilepas dari 4 percakapan.')).toBeTruthy();
    expect(api.requests).toContainEqual({ method: 'GET', path: '/api/chat/label/ids', query: { ids: 'l1' } });

    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Label berhasil dihapus')).toBeTruthy();
    expect(api.requests).toContainEqual({ method: 'DELETE', path: '/api/chat/label/l1', query: {} });
    await waitFor(() => expect(screen.getAllByTestId('label-row')).toHaveLength(1));
  });

  it('says when no conversation uses the label, and cancelling deletes nothing', async () => {
    const api = stubApi({
      'GET /api/chat/label': () => [200, { docs: [PESANAN], hasNextPage: false }],
      'GET /api/chat/label/ids': () => [200, { docs: [PESANAN] }],
    });
    renderWithProviders(<LabelSettingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus label Pesanan baru' }));
    const confirm = await screen.findByTestId('label-delete-confirm');
    expect(within(confirm).getByText('Label ini belum dipakai di percakapan mana pun.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByTestId('label-delete-confirm')).toBeNull());
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});

describe('LabelBadge', () => {
  it('shows a colour dot and the name, or the colour filled with readable text', () => {
    renderWithProviders(
      <>
        <LabelBadge label={{ name: 'VIP', color: '#6d28d9' }} />
        <LabelBadge label={{ name: 'Kuning', color: '#ffe066' }} variant="filled" />
        <LabelBadge label={{ name: 'Ungu', color: '#6d28d9' }} variant="filled" />
      </>,
    );
    const [dot, light, dark] = screen.getAllByTestId('label-badge') as HTMLElement[];
    expect(dot!.textContent).toBe('VIP');
    expect(dot!.querySelector('.sapa-label-badge-dot')).toBeTruthy();
    expect(dot!.style.getPropertyValue('--label-color')).toBe('#6d28d9');
    expect(light!.style.getPropertyValue('--label-text')).toBe('#1f2937');
    expect(dark!.style.getPropertyValue('--label-text')).toBe('#ffffff');
    expect(light!.getAttribute('title')).toBe('Kuning');
  });
});
