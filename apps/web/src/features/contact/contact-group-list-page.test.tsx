import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { ContactGroupListPage } from './contact-group-list-page';
import { PELANGGAN, RESELLER, renderAt, stubApi } from './test-helpers';

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

const page = () => renderAt(<ContactGroupListPage />, '/user/contact/broadcast');

describe('Kontak > Broadcast: the groups', () => {
  it('lists each group with its count, columns and last change, links to it and loads more', async () => {
    const api = stubApi({
      'GET /api/group': () =>
        api.urls.at(-1)?.includes('page=2')
          ? [200, { docs: [RESELLER], hasNextPage: false }]
          : [200, { docs: [PELANGGAN], hasNextPage: true }],
    });
    page();
    expect(screen.getByTestId('group-skeleton')).toBeTruthy();
    const [row] = await screen.findAllByTestId('group-row');
    expect(within(row!).getByTestId('group-name').textContent).toBe('Pelanggan Setia');
    expect(within(row!).getByTestId('group-total').textContent).toBe('1.250 kontak');
    expect(within(row!).getByTestId('group-columns').textContent).toBe('Kolom: Kota, Email');
    expect(within(row!).getByTestId('group-updated').textContent).toBe('Diperbarui 05 Januari 2026');
    expect(within(row!).getByRole('link').getAttribute('href')).toBe('/user/contact/broadcast/g1');
    expect(api.urls[0]).toBe('GET /api/group?page=1&limit=20');

    fireEvent.click(screen.getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(screen.getAllByTestId('group-row')).toHaveLength(2));
    expect(api.urls[1]).toBe('GET /api/group?page=2&limit=20');
    expect(within(screen.getAllByTestId('group-row')[1]!).getByText(/Tanpa kolom tambahan/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lebih Banyak' })).toBeNull();
  });

  it("says 'Belum ada grup kontak' with the add button, and 'Grup tidak ditemukan' on an empty search", async () => {
    const api = stubApi({ 'GET /api/group': () => [200, { docs: [], hasNextPage: false }] });
    page();
    const empty = await screen.findByTestId('group-empty');
    expect(within(empty).getByText('Belum ada grup kontak')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Tambah Grup' }));
    expect(await screen.findByTestId('group-form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari grup' }), { target: { value: 'vip' } });
    expect(await screen.findByText('Grup tidak ditemukan')).toBeTruthy();
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/group?page=1&limit=20&search=vip'));
    expect(screen.queryByTestId('group-empty')).toBeNull();
  });

  it('creates a group, validating the name first, then opens it', async () => {
    let groups = [RESELLER];
    const api = stubApi({
      'GET /api/group': () => [200, { docs: groups, hasNextPage: false }],
      'POST /api/group': (body) => {
        const created = { ...RESELLER, _id: 'g9', name: (body as { name: string }).name };
        groups = [created, ...groups];
        return [201, created];
      },
    });
    page();
    fireEvent.click(await screen.findByTestId('group-add'));
    const form = await screen.findByTestId('group-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama grup tidak valid')).toBeTruthy();
    expect(api.bodies('POST', '/api/group')).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /Nama grup/ }), {
      target: { value: ' Pelanggan Baru ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Grup berhasil ditambahkan')).toBeTruthy();
    expect(api.bodies('POST', '/api/group')).toEqual([{ name: 'Pelanggan Baru' }]);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/user/contact/broadcast/g9'),
    );
  });

  it('asks before deleting a group, naming it and its contacts', async () => {
    let groups = [PELANGGAN, RESELLER];
    const api = stubApi({
      'GET /api/group': () => [200, { docs: groups, hasNextPage: false }],
      'DELETE /api/group/g1': () => {
        groups = [RESELLER];
        return [200, { message: 'Grup berhasil dihapus' }];
      },
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Aksi grup Pelanggan Setia' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hapus' }));
    const confirm = await screen.findByTestId('group-delete-confirm');
    expect(
      within(confirm).getByText('Grup "Pelanggan Setia" dan 1.250 kontak di dalamnya akan dihapus.'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Grup berhasil dihapus')).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/group/g1');
    await waitFor(() => expect(screen.getAllByTestId('group-row')).toHaveLength(1));
  });

  it('shows agents the groups read-only', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/group': () => [200, { docs: [PELANGGAN], hasNextPage: false }] });
    page();
    const row = await screen.findByTestId('group-row');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('group-add')).toBeNull();
    expect(screen.queryByTestId('group-import')).toBeNull();
    expect(screen.getByTestId('group-read-only').textContent).toContain(
      'Hanya pemilik akun yang dapat mengubah kontak dan grup',
    );
  });
});
