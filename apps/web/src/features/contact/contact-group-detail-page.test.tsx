import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, owner } from '../../test/fixtures';
import { ContactGroupDetailPage } from './contact-group-detail-page';
import { BUDI, PELANGGAN, SITI, catchDownloads, renderAt, stubApi } from './test-helpers';

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

const PATTERN = '/user/contact/broadcast/:id';
const page = (id = 'g1') => renderAt(<ContactGroupDetailPage />, `/user/contact/broadcast/${id}`, PATTERN);

function groupRoutes(extra: Parameters<typeof stubApi>[0] = {}) {
  return {
    'GET /api/group/g1': () => [200, PELANGGAN] as [number, unknown],
    'GET /api/group/g1/contact': () => [200, { docs: [BUDI, SITI], hasNextPage: false }] as [number, unknown],
    ...extra,
  };
}

describe('a group’s contacts', () => {
  it('shows the group, its contacts with every custom column and formatted numbers', async () => {
    const api = stubApi(groupRoutes());
    page();
    expect((await screen.findByTestId('group-title')).textContent).toBe('Pelanggan Setia');
    expect(screen.getByTestId('group-detail-total').textContent).toBe('1.250 kontak');
    const rows = await screen.findAllByTestId('contact-row');
    expect(rows).toHaveLength(2);
    expect(screen.getAllByTestId('contact-column-head').map((th) => th.textContent)).toEqual([
      'Kota',
      'Email',
    ]);
    expect(within(rows[0]!).getByText('Budi Santoso')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('contact-phone-text').textContent).toBe('+62 812-3456-7890');
    expect(within(rows[0]!).getByText('Bandung')).toBeTruthy();
    expect(within(rows[1]!).getByText('siti@contoh.test')).toBeTruthy();
    expect(api.urls).toContain('GET /api/group/g1/contact?page=1&limit=20');
    expect(screen.getByTestId('group-back').getAttribute('href')).toBe('/user/contact/broadcast');
  });

  it('says the group does not exist, with a way back', async () => {
    stubApi({
      'GET /api/group/nope': () => [404, { statusCode: 404, message: 'Grup tidak ditemukan' }],
    });
    page('nope');
    const missing = await screen.findByTestId('group-not-found-page');
    expect(within(missing).getByText('Grup tidak ditemukan')).toBeTruthy();
    expect(within(missing).getByRole('link', { name: 'Kembali ke Grup Kontak' }).getAttribute('href')).toBe(
      '/user/contact/broadcast',
    );
  });

  it('selects contacts and deletes them after asking', async () => {
    let docs = [BUDI, SITI];
    const api = stubApi(
      groupRoutes({
        'GET /api/group/g1/contact': () => [200, { docs, hasNextPage: false }],
        'DELETE /api/group/g1/contact': () => {
          docs = [];
          return [200, { message: '2 kontak berhasil dihapus', deleted: 2 }];
        },
      }),
    );
    page();
    await screen.findAllByTestId('contact-row');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Budi Santoso' }));
    expect(screen.getByTestId('contact-selected-count').textContent).toBe('1 dipilih');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih semua kontak yang tampil' }));
    expect(screen.getByTestId('contact-selected-count').textContent).toBe('2 dipilih');
    fireEvent.click(screen.getByTestId('contact-delete-selected'));
    const confirm = await screen.findByTestId('contact-delete-confirm');
    expect(within(confirm).getByText('2 kontak yang dipilih akan dihapus dari grup ini.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('2 kontak berhasil dihapus')).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/group/g1/contact?contactIds=c1%2Cc2');
    expect(await screen.findByTestId('contact-empty')).toBeTruthy();
    expect(screen.queryByTestId('contact-selection')).toBeNull();
  });

  it('exports the group as "<name>.xlsx"', async () => {
    const saved = catchDownloads();
    const api = stubApi(groupRoutes({ 'POST /api/group/g1/export': () => [200, { ok: true }] }));
    page();
    fireEvent.click(await screen.findByTestId('group-export'));
    await waitFor(() => expect(saved).toEqual(['Pelanggan Setia.xlsx']));
    expect(api.urls).toContain('POST /api/group/g1/export');
  });

  it('shows agents the contacts without checkboxes or edit buttons', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi(groupRoutes());
    page();
    const rows = await screen.findAllByTestId('contact-row');
    expect(within(rows[0]!).queryByRole('checkbox')).toBeNull();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('contact-add')).toBeNull();
    expect(screen.queryByTestId('group-columns-manage')).toBeNull();
    expect(screen.getByTestId('group-export')).toBeTruthy();
    expect(screen.getByTestId('contact-read-only')).toBeTruthy();
  });
});

describe('Tambah / Ubah Kontak', () => {
  const field = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('textbox', { name });
  const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

  it('validates name, number and values with the contract before sending anything', async () => {
    const api = stubApi(groupRoutes());
    page();
    fireEvent.click(await screen.findByTestId('contact-add'));
    const form = await screen.findByTestId('contact-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama tidak valid')).toBeTruthy();
    expect(within(form).getByText('Nomor Telepon tidak valid')).toBeTruthy();

    type(field(form, 'Nama'), 'x'.repeat(101));
    type(field(form, /Nomor Telepon/), '0812-abc');
    type(field(form, 'Kota'), 'y'.repeat(501));
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama maksimal 100 karakter')).toBeTruthy();
    expect(within(form).getByText('Nomor Telepon tidak valid')).toBeTruthy();
    expect(within(form).getByText('Isi kolom maksimal 500 karakter')).toBeTruthy();
    expect(api.bodies('POST', '/api/group/g1/contact')).toEqual([]);
  });

  it('sends the number with its country code and leaves blank columns out', async () => {
    const api = stubApi(
      groupRoutes({
        'POST /api/group/g1/contact': () => [
          201,
          { message: '1 kontak berhasil ditambahkan', added: 1, updated: 0, duplicates: 0, docs: [] },
        ],
      }),
    );
    page();
    fireEvent.click(await screen.findByTestId('contact-add'));
    const form = await screen.findByTestId('contact-form');
    type(field(form, 'Nama'), ' Rina ');
    type(field(form, /Nomor Telepon/), '0812 3456 7890');
    type(field(form, 'Kota'), 'Medan');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('1 kontak berhasil ditambahkan')).toBeTruthy();
    expect(api.bodies('POST', '/api/group/g1/contact')).toEqual([
      { contacts: [{ name: 'Rina', phoneNumber: '6281234567890', values: { Kota: 'Medan' } }] },
    ]);
  });

  it('edits a contact with its values filled in and shows the server’s refusal on the field', async () => {
    const api = stubApi(
      groupRoutes({
        'PUT /api/group/g1/contact/c1': () => [
          409,
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Nomor Telepon sudah ada di grup ini',
            fields: { phoneNumber: 'Nomor Telepon sudah ada di grup ini' },
          },
        ],
      }),
    );
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah kontak Budi Santoso' }));
    const form = await screen.findByTestId('contact-form');
    expect((field(form, 'Nama') as HTMLInputElement).value).toBe('Budi Santoso');
    expect((field(form, /Nomor Telepon/) as HTMLInputElement).value).toBe('+6281234567890');
    expect((field(form, 'Kota') as HTMLInputElement).value).toBe('Bandung');
    type(field(form, /Nomor Telepon/), '+62 857 0000 1111');
    type(field(form, 'Kota'), '');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nomor Telepon sudah ada di grup ini')).toBeTruthy();
    expect(api.bodies('PUT', '/api/group/g1/contact/c1')).toEqual([
      { name: 'Budi Santoso', phoneNumber: '6285700001111', values: {} },
    ]);
  });
});

describe('Kelola Kolom', () => {
  it('adds, renames and deletes columns (asking first)', async () => {
    let group = PELANGGAN;
    const api = stubApi(
      groupRoutes({
        'GET /api/group/g1': () => [200, group],
        'POST /api/group/g1/column': (body) => {
          group = { ...group, columns: [...group.columns, (body as { name: string }).name] };
          return [200, group];
        },
        'PUT /api/group/g1/column': () => {
          group = { ...group, columns: ['Kota Asal', 'Email', 'Hobi'] };
          return [200, group];
        },
        'DELETE /api/group/g1/column': () => {
          group = { ...group, columns: ['Kota Asal', 'Hobi'] };
          return [200, group];
        },
      }),
    );
    page();
    fireEvent.click(await screen.findByTestId('group-columns-manage'));
    const manager = await screen.findByTestId('column-manager');
    expect(
      within(manager)
        .getAllByTestId('column-row')
        .map((r) => r.textContent),
    ).toEqual(['Kota', 'Email']);

    fireEvent.change(within(manager).getByRole('textbox', { name: /Nama kolom baru/ }), {
      target: { value: 'nama' },
    });
    fireEvent.click(within(manager).getByRole('button', { name: 'Tambah' }));
    expect(
      await within(manager).findByText('Nama kolom tidak boleh "Nama" atau "Nomor Telepon"'),
    ).toBeTruthy();
    fireEvent.change(within(manager).getByRole('textbox', { name: /Nama kolom baru/ }), {
      target: { value: 'Hobi' },
    });
    fireEvent.click(within(manager).getByRole('button', { name: 'Tambah' }));
    expect(await screen.findByText('Kolom berhasil ditambahkan')).toBeTruthy();
    await waitFor(() => expect(within(manager).getAllByTestId('column-row')).toHaveLength(3));

    fireEvent.click(within(manager).getByRole('button', { name: 'Ubah kolom Kota' }));
    fireEvent.change(within(manager).getByRole('textbox', { name: 'Nama kolom Kota' }), {
      target: { value: 'Kota Asal' },
    });
    fireEvent.click(within(manager).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kolom berhasil diubah')).toBeTruthy();
    expect(api.bodies('PUT', '/api/group/g1/column')).toEqual([{ oldName: 'Kota', newName: 'Kota Asal' }]);

    fireEvent.click(await within(manager).findByRole('button', { name: 'Hapus kolom Email' }));
    const confirm = await screen.findByTestId('column-delete-confirm');
    expect(within(confirm).getByText('Kolom "Email" dan isinya di semua kontak akan dihapus.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Kolom berhasil dihapus')).toBeTruthy();
    expect(api.urls).toContain('DELETE /api/group/g1/column?name=Email');
    await waitFor(() =>
      expect(
        within(manager)
          .getAllByTestId('column-row')
          .map((r) => r.textContent),
      ).toEqual(['Kota Asal', 'Hobi']),
    );
  });
});
