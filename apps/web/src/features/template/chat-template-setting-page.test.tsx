import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatTemplate, UploadedMedia } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser, fakeFetch, owner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ChatTemplateSettingPage } from './chat-template-setting-page';

const STAMP = '2026-01-01T00:00:00.000Z';

function template(over: Partial<ChatTemplate> & Pick<ChatTemplate, '_id' | 'title'>): ChatTemplate {
  return { type: 'text', text: '', createdAt: STAMP, updatedAt: STAMP, ...over };
}

const SALAM = template({ _id: 't1', title: 'Salam pembuka', text: 'Halo kak, ada yang bisa kami bantu?' });
const KATALOG = template({
  _id: 't2',
  title: 'Katalog',
  type: 'document',
  text: 'Ini katalog terbaru',
  document: {
    url: '/api/media/abcdefghijklmnop.pdf',
    name: 'katalog.pdf',
    size: 120,
    mimetype: 'application/pdf',
  },
});
const UPLOADED: UploadedMedia = {
  url: '/api/media/fotoprodukabcdefgh.png',
  name: 'foto-produk.png',
  mimetype: 'image/png',
  size: 2048,
  thumbnail: null,
  duration: null,
};

type Routes = Parameters<typeof fakeFetch>[0];

/** Stubs fetch; `urls` keeps each request's method and full url (with its query). */
function stubApi(routes: Routes) {
  const fake = fakeFetch(routes);
  const urls: string[] = [];
  const uploads: FormData[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${input}`);
    if (init.body instanceof FormData) uploads.push(init.body);
    return fake.fetch(input, init);
  });
  const bodies = (method: string, path: string) =>
    fake.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  return { calls: fake.calls, urls, uploads, bodies };
}

function page(docs: ChatTemplate[], hasNextPage = false): Routes[string] {
  return () => [200, { docs, hasNextPage }];
}

function file(name: string, type: string, size = 2048): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

async function openAddForm() {
  fireEvent.click(await screen.findByTestId('template-add'));
  return screen.findByTestId('template-form');
}

async function chooseType(form: HTMLElement, name: string) {
  fireEvent.click(within(form).getByRole('textbox', { name: 'Jenis' }));
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

beforeEach(() => sessionStore.set(sessionFromUser('tok', owner)));

describe('Pengaturan > Template Pesan list', () => {
  it('shows each template with its type, title and one-line preview, and loads more', async () => {
    const second = template({ _id: 't3', title: 'Terima kasih', text: 'Terima kasih sudah belanja' });
    const api = stubApi({
      'GET /api/chat/template': () =>
        api.urls.at(-1)?.includes('page=2')
          ? [200, { docs: [second], hasNextPage: false }]
          : [200, { docs: [SALAM, KATALOG], hasNextPage: true }],
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    expect(screen.getByTestId('template-skeleton')).toBeTruthy();

    const rows = await screen.findAllByTestId('template-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Salam pembuka')).toBeTruthy();
    expect(within(rows[0]!).getByText('Halo kak, ada yang bisa kami bantu?')).toBeTruthy();
    expect(within(rows[1]!).getByText('Dokumen')).toBeTruthy();
    expect(within(rows[1]!).getByText('katalog.pdf · Ini katalog terbaru')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Ubah template Katalog' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Hapus template Katalog' })).toBeTruthy();
    expect(api.urls[0]).toBe('GET /api/chat/template?page=1&limit=50');

    fireEvent.click(screen.getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(screen.getAllByTestId('template-row')).toHaveLength(3));
    expect(api.urls[1]).toBe('GET /api/chat/template?page=2&limit=50');
    expect(screen.queryByRole('button', { name: 'Lebih Banyak' })).toBeNull();
  });

  it("explains '/' with 'Tambah Template' when empty, and says when a search finds nothing", async () => {
    const api = stubApi({ 'GET /api/chat/template': page([]) });
    renderWithProviders(<ChatTemplateSettingPage />);
    const empty = await screen.findByTestId('template-empty');
    expect(within(empty).getByText('Belum ada template')).toBeTruthy();
    expect(within(empty).getByText(/ketik \/ di kolom pesan/)).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Tambah Template' }));
    expect(await screen.findByTestId('template-form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Cari template' }), { target: { value: 'ongkir' } });
    expect(await screen.findByText('Template tidak ditemukan')).toBeTruthy();
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/chat/template?page=1&limit=50&search=ongkir'));
  });
});

describe('Tambah / Ubah Template', () => {
  it('creates a text template with its title and text, then toasts and refreshes the list', async () => {
    let saved: ChatTemplate[] = [];
    const api = stubApi({
      'GET /api/chat/template': () => [200, { docs: saved, hasNextPage: false }],
      'POST /api/chat/template': (body) => {
        saved = [template({ _id: 'n1', ...(body as { title: string; text: string }) })];
        return [201, saved[0]];
      },
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    const form = await openAddForm();
    fireEvent.change(within(form).getByRole('textbox', { name: /Judul/ }), {
      target: { value: '  Jam buka ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Teks/ }), {
      target: { value: 'Kami buka setiap hari pukul 08.00-17.00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Template berhasil disimpan')).toBeTruthy();
    expect(api.bodies('POST', '/api/chat/template')).toEqual([
      { title: 'Jam buka', type: 'text', text: 'Kami buka setiap hari pukul 08.00-17.00' },
    ]);
    expect(await screen.findByText('Jam buka')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('template-form')).toBeNull());
  });

  it('refuses a blank text template and shows the server refusal', async () => {
    const api = stubApi({
      'GET /api/chat/template': page([]),
      'POST /api/chat/template': () => [
        400,
        { statusCode: 400, code: 'VALIDATION', message: 'Judul template sudah dipakai' },
      ],
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    const form = await openAddForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Judul template tidak valid')).toBeTruthy();
    expect(within(form).getByText('Teks tidak valid')).toBeTruthy();
    expect(api.bodies('POST', '/api/chat/template')).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /Judul/ }), { target: { value: 'Salam' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Teks/ }), { target: { value: 'Halo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByTestId('form-error')).toBeTruthy();
    expect(screen.getByText('Gagal')).toBeTruthy();
    expect(screen.getAllByText('Judul template sudah dipakai').length).toBeGreaterThan(0);
  });

  it('shows the location errors in Indonesian and sends coordinates as numbers', async () => {
    const api = stubApi({
      'GET /api/chat/template': page([]),
      'POST /api/chat/template': (body) => [201, template({ _id: 'l1', title: 'x', ...(body as object) })],
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    const form = await openAddForm();
    await chooseType(form, 'Lokasi');
    expect(within(form).queryByRole('textbox', { name: /Teks/ })).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: /Longitude/ }), { target: { value: '200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));

    for (const message of [
      'Judul template tidak valid',
      'Latitude tidak valid',
      'Longitude tidak valid',
      'Nama Lokasi tidak valid',
      'Alamat Lokasi tidak valid',
    ]) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    expect(api.bodies('POST', '/api/chat/template')).toEqual([]);

    const fill = (name: RegExp, value: string) =>
      fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
    fill(/Judul/, 'Alamat toko');
    fill(/Latitude/, '-6,2');
    fill(/Longitude/, '106.816666');
    fill(/Nama Lokasi/, 'Toko Pusat');
    fill(/Alamat Lokasi/, 'Jl. Sudirman No. 1');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/chat/template')).toEqual([
        {
          title: 'Alamat toko',
          type: 'location',
          text: '',
          location: {
            latitude: -6.2,
            longitude: 106.816666,
            name: 'Toko Pusat',
            address: 'Jl. Sudirman No. 1',
          },
        },
      ]),
    );
  });

  it('uploads an image at once, previews it, then saves {image: {url}}', async () => {
    const api = stubApi({
      'GET /api/chat/template': page([]),
      'POST /api/chat/media': () => [200, UPLOADED],
      'POST /api/chat/template': (body) => [201, template({ _id: 'i1', title: 'x', ...(body as object) })],
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    const form = await openAddForm();
    await chooseType(form, 'Gambar');
    fireEvent.change(within(form).getByRole('textbox', { name: /Judul/ }), {
      target: { value: 'Foto produk' },
    });

    // saving without the file says to pick one
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Pilih file yang akan diunggah')).toBeTruthy();

    const input = within(form).getByTestId('template-file-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    // a wrong type or a file over 10 MB is refused without uploading
    fireEvent.change(input, { target: { files: [file('lagu.mp3', 'audio/mpeg')] } });
    expect(
      await within(form).findByText('Jenis file audio/mpeg tidak didukung untuk gambar/video/audio'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { files: [file('besar.png', 'image/png', 10 * 1024 * 1024 + 1)] } });
    expect(await within(form).findByText('Maksimal ukuran file adalah 10MB')).toBeTruthy();
    expect(api.uploads).toHaveLength(0);

    fireEvent.change(input, { target: { files: [file('foto-produk.png', 'image/png')] } });
    const preview = await within(form).findByTestId('template-file-preview');
    expect(api.uploads).toHaveLength(1);
    expect((api.uploads[0]!.get('file') as File).name).toBe('foto-produk.png');
    expect(within(preview).getByTestId('bubble-image')).toBeTruthy();
    expect(within(preview).getByText('foto-produk.png')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: /Ganti/ })).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /Teks/ }), { target: { value: 'Stok baru' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/chat/template')).toEqual([
        { title: 'Foto produk', type: 'image', text: 'Stok baru', image: { url: UPLOADED.url } },
      ]),
    );
  });

  it('edits a template with its stored content (PUT) and deletes after confirming', async () => {
    const api = stubApi({
      'GET /api/chat/template': page([KATALOG]),
      'PUT /api/chat/template/t2': (body) => [200, { ...KATALOG, ...(body as object) }],
      'DELETE /api/chat/template/t2': () => [200, { message: 'Berhasil' }],
    });
    renderWithProviders(<ChatTemplateSettingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah template Katalog' }));
    const form = await screen.findByTestId('template-form');
    expect(screen.getByText('Ubah Template')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: /Judul/ }) as HTMLInputElement).value).toBe('Katalog');
    expect(within(form).getByTestId('bubble-document')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Judul/ }), {
      target: { value: 'Katalog 2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(api.bodies('PUT', '/api/chat/template/t2')).toEqual([
        {
          title: 'Katalog 2026',
          type: 'document',
          text: 'Ini katalog terbaru',
          document: { url: KATALOG.document!.url, name: 'katalog.pdf' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('template-form')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Hapus template Katalog' }));
    const dialog = await screen.findByTestId('template-delete-confirm');
    expect(within(dialog).getByText(/Template "Katalog" akan dihapus/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Template berhasil dihapus')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('agents', () => {
  it('see the list read-only with a note that only the owner manages templates', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/chat/template': page([SALAM, KATALOG]) });
    renderWithProviders(<ChatTemplateSettingPage />);
    expect(await screen.findAllByTestId('template-row')).toHaveLength(2);
    expect(screen.getByTestId('template-read-only').textContent).toContain('Hanya pemilik akun');
    expect(screen.queryByTestId('template-add')).toBeNull();
    expect(screen.queryByRole('button', { name: /Ubah/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Hapus/ })).toBeNull();
  });

  it('see no add button in the empty state', async () => {
    sessionStore.set(sessionFromUser('tok', agentUser));
    stubApi({ 'GET /api/chat/template': page([]) });
    renderWithProviders(<ChatTemplateSettingPage />);
    const empty = await screen.findByTestId('template-empty');
    expect(within(empty).queryByRole('button')).toBeNull();
  });
});
