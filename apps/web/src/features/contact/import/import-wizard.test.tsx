import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactImport } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../../lib/session-store';
import { owner } from '../../../test/fixtures';
import { catchDownloads, PELANGGAN, RESELLER, renderAt, stubApi } from '../test-helpers';
import { ImportWizard } from './import-wizard';

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

const READY: ContactImport = {
  _id: 'imp1',
  state: 'ready',
  fileName: 'kontak.xlsx',
  headers: ['Nama', 'No HP', 'Kota', 'Hobi'],
  preview: [
    ['Budi', '081234567890', 'Bandung', 'Futsal'],
    ['Siti', '+62 857 0000 1111', 'Solo', ''],
  ],
  totalRows: 120,
  processedRows: 0,
  added: 0,
  updated: 0,
  duplicates: 0,
  refused: 0,
  group: null,
  error: null,
  createdAt: '2026-01-05T03:00:00.000Z',
  finishedAt: null,
};

const xlsx = (name = 'kontak.xlsx', size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('import-file-input'), { target: { files: [file] } });
}

const select = (index: number) => screen.getByTestId(`import-mapping-${index}`) as HTMLSelectElement;

describe('the import wizard', () => {
  it('goes from the file to the mapping, the progress and the summary, then to the group', async () => {
    let progress: ContactImport = { ...READY, state: 'running', processedRows: 60, added: 50, updated: 10 };
    const api = stubApi({
      'GET /api/group': () => [200, { docs: [PELANGGAN, RESELLER], hasNextPage: false }],
      'POST /api/group/excel/contact': () => [201, READY],
      'POST /api/group/excel/contact/imp1/start': () => [
        200,
        { ...READY, state: 'queued', group: { _id: 'g1', name: 'Pelanggan Setia' } },
      ],
      'GET /api/group/excel/contact/imp1': () => [200, progress],
      'GET /api/group/excel/contact/imp1/refused': () => [200, { ok: true }],
    });
    const saved = catchDownloads();
    const onClose = vi.fn();
    renderAt(
      <ImportWizard opened onClose={onClose} group={PELANGGAN} pollMs={20} />,
      '/user/contact/broadcast/g2',
      '/user/contact/broadcast/:id',
    );

    // 1: the file
    const wizard = await screen.findByTestId('import-wizard');
    expect(wizard.getAttribute('data-step')).toBe('file');
    expect(screen.getByTestId('import-file-limit').textContent).toContain('10 MB');
    chooseFile(xlsx());
    await waitFor(() => expect(wizard.getAttribute('data-step')).toBe('mapping'));
    expect((api.forms[0]?.get('file') as File).name).toBe('kontak.xlsx');

    // 2: the mapping, guessed from the headers and the group's columns
    expect(screen.getByTestId('import-file-name').textContent).toBe('kontak.xlsx');
    expect(screen.getByTestId('import-total-rows').textContent).toBe('Berkas berisi 120 baris');
    expect([0, 1, 2, 3].map((i) => select(i).value)).toEqual(['name', 'phoneNumber', 'column:Kota', 'new']);
    expect(within(select(3)).getByRole('option', { name: 'Kolom baru: Hobi' })).toBeTruthy();
    expect(within(screen.getByTestId('import-preview')).getByText('Futsal')).toBeTruthy();

    // the mapping is checked like the server would
    fireEvent.change(select(0), { target: { value: 'ignore' } });
    fireEvent.click(screen.getByTestId('import-start'));
    expect((await screen.findByTestId('import-error')).textContent).toContain(
      'Pilih satu kolom sebagai Nama',
    );
    fireEvent.change(select(0), { target: { value: 'name' } });
    fireEvent.change(select(3), { target: { value: 'ignore' } });
    fireEvent.click(screen.getByTestId('import-start'));

    // 3: the progress, asked for until it ends
    await waitFor(() => expect(wizard.getAttribute('data-step')).toBe('progress'));
    expect(api.bodies('POST', '/api/group/excel/contact/imp1/start')).toEqual([
      {
        groupId: 'g1',
        mapping: [
          { target: 'name' },
          { target: 'phoneNumber' },
          { target: 'column', column: 'Kota' },
          { target: 'ignore' },
        ],
      },
    ]);
    expect((await screen.findByTestId('import-progress-rows')).textContent).toBe('60 dari 120 baris');
    await waitFor(() => expect(screen.getByTestId('import-percent').textContent).toBe('50%'));
    expect(screen.getByTestId('import-progress-added').textContent).toBe('50');

    progress = {
      ...progress,
      state: 'done',
      processedRows: 120,
      added: 100,
      updated: 15,
      duplicates: 2,
      refused: 3,
      group: { _id: 'g1', name: 'Pelanggan Setia' },
      finishedAt: '2026-01-05T03:01:00.000Z',
    };

    // 4: the summary
    await waitFor(() => expect(wizard.getAttribute('data-step')).toBe('summary'));
    expect(screen.getByTestId('import-summary-title').textContent).toBe('Impor selesai');
    expect(screen.getByTestId('import-summary-added').textContent).toBe('100');
    expect(screen.getByTestId('import-summary-updated').textContent).toBe('15');
    expect(screen.getByTestId('import-summary-duplicates').textContent).toBe('2');
    expect(screen.getByTestId('import-summary-refused').textContent).toBe('3');
    const polls = api.urls.filter((u) => u === 'GET /api/group/excel/contact/imp1').length;

    fireEvent.click(screen.getByTestId('import-refused-download'));
    await waitFor(() => expect(saved).toEqual(['kontak - ditolak.xlsx']));

    fireEvent.click(screen.getByTestId('import-view-group'));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/user/contact/broadcast/g1'),
    );
    // the polling stopped with the import
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(api.urls.filter((u) => u === 'GET /api/group/excel/contact/imp1')).toHaveLength(polls);
  });

  it('imports into a new group named after the file when there is none, and can be cancelled', async () => {
    let progress: ContactImport = { ...READY, state: 'queued' };
    const api = stubApi({
      'GET /api/group': () => [200, { docs: [], hasNextPage: false }],
      'POST /api/group/excel/contact': () => [201, { ...READY, fileName: 'pelanggan baru.csv' }],
      'POST /api/group/excel/contact/imp1/start': () => [200, progress],
      'GET /api/group/excel/contact/imp1': () => [200, progress],
      'POST /api/group/excel/contact/imp1/cancel': () => {
        progress = { ...progress, state: 'cancelled', processedRows: 40, added: 40 };
        return [200, progress];
      },
    });
    renderAt(<ImportWizard opened onClose={() => {}} pollMs={20} />, '/user/contact/broadcast');
    const wizard = await screen.findByTestId('import-wizard');
    chooseFile(new File(['Nama,HP\nBudi,0812'], 'pelanggan baru.csv', { type: 'text/csv' }));
    const name = (await screen.findByTestId('import-group-name')) as HTMLInputElement;
    expect(name.value).toBe('pelanggan baru');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('Nama grup tidak valid')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Pelanggan Baru' } });
    fireEvent.click(screen.getByTestId('import-start'));

    await waitFor(() => expect(wizard.getAttribute('data-step')).toBe('progress'));
    expect(api.bodies('POST', '/api/group/excel/contact/imp1/start')).toEqual([
      {
        groupName: 'Pelanggan Baru',
        mapping: [
          { target: 'name' },
          { target: 'phoneNumber' },
          { target: 'column', column: 'Kota' },
          { target: 'column', column: 'Hobi' },
        ],
      },
    ]);
    fireEvent.click(screen.getByTestId('import-cancel'));
    expect(await screen.findByText(/Hentikan impor\?/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-cancel-confirm'));
    await waitFor(() => expect(wizard.getAttribute('data-step')).toBe('summary'));
    expect(screen.getByTestId('import-summary-title').textContent).toBe('Impor dibatalkan');
    expect(screen.getByTestId('import-summary-added').textContent).toBe('40');
    expect(screen.queryByTestId('import-refused-download')).toBeNull();
    expect(api.urls).toContain('POST /api/group/excel/contact/imp1/cancel');
  });

  it('asks for the target group from the list of groups, and guesses again for its columns', async () => {
    const api = stubApi({
      'GET /api/group': () => [200, { docs: [PELANGGAN, RESELLER], hasNextPage: false }],
      'POST /api/group/excel/contact': () => [201, READY],
      'POST /api/group/excel/contact/imp1/start': () => [200, { ...READY, state: 'queued' }],
      'GET /api/group/excel/contact/imp1': () => [200, { ...READY, state: 'queued' }],
    });
    renderAt(<ImportWizard opened onClose={() => {}} pollMs={1000} />, '/user/contact/broadcast');
    chooseFile(xlsx());
    fireEvent.click(await screen.findByTestId('import-start'));
    expect(await screen.findByText('Pilih grup tujuan atau isi nama grup baru')).toBeTruthy();
    expect(select(2).value).toBe('new');

    fireEvent.click(screen.getByTestId('import-group-select'));
    // the dropdown is still fading in: its options count as hidden
    fireEvent.click(await screen.findByRole('option', { name: 'Pelanggan Setia', hidden: true }));
    // Pelanggan Setia has a Kota column
    await waitFor(() => expect(select(2).value).toBe('column:Kota'));
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(api.bodies('POST', '/api/group/excel/contact/imp1/start')).toHaveLength(1));
    expect(api.bodies('POST', '/api/group/excel/contact/imp1/start')[0]).toMatchObject({ groupId: 'g1' });
  });

  it('refuses other files before sending them, and shows the server’s reason', async () => {
    const api = stubApi({
      'GET /api/group': () => [200, { docs: [], hasNextPage: false }],
      'POST /api/group/excel/contact': () => [
        400,
        {
          statusCode: 400,
          message: 'Berkas tidak berisi data. Baris pertama harus berisi judul kolom',
        },
      ],
    });
    renderAt(<ImportWizard opened onClose={() => {}} />, '/user/contact/broadcast');
    await screen.findByTestId('import-wizard');
    chooseFile(new File(['x'], 'katalog.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('import-file-error')).textContent).toContain(
      'Berkas harus berformat Excel (.xlsx) atau CSV',
    );
    chooseFile(xlsx('besar.xlsx', 10 * 1024 * 1024 + 1));
    expect((await screen.findByTestId('import-file-error')).textContent).toContain(
      'Ukuran berkas maksimal 10 MB',
    );
    expect(api.forms).toHaveLength(0);

    chooseFile(xlsx('kosong.xlsx'));
    await waitFor(() =>
      expect(screen.getByTestId('import-file-error').textContent).toContain('Berkas tidak berisi data'),
    );
    expect(screen.getByTestId('import-wizard').getAttribute('data-step')).toBe('file');
  });

  it('keeps following an import after the modal closes, and says when it is done', async () => {
    let progress: ContactImport = { ...READY, state: 'running', processedRows: 10 };
    const api = stubApi({
      'GET /api/group': () => [200, { docs: [PELANGGAN], hasNextPage: false }],
      'POST /api/group/excel/contact': () => [201, READY],
      'POST /api/group/excel/contact/imp1/start': () => [200, { ...READY, state: 'queued' }],
      'GET /api/group/excel/contact/imp1': () => [200, progress],
    });
    function Page() {
      const [opened, setOpened] = useState(true);
      return <ImportWizard opened={opened} onClose={() => setOpened(false)} group={PELANGGAN} pollMs={20} />;
    }
    renderAt(<Page />, '/user/contact/broadcast');
    chooseFile(xlsx());
    fireEvent.click(await screen.findByTestId('import-start'));
    expect(await screen.findByTestId('import-step-progress')).toBeTruthy();

    // closing while the server imports is allowed
    fireEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByTestId('import-wizard')).toBeNull());
    progress = { ...progress, state: 'done', processedRows: 120, added: 118, updated: 2 };
    expect(
      await screen.findByText('Impor "kontak.xlsx" selesai: 118 ditambahkan, 2 diperbarui.'),
    ).toBeTruthy();
    expect(api.urls.filter((u) => u.startsWith('GET /api/group/excel/contact/imp1')).length).toBeGreaterThan(
      0,
    );
  });
});
