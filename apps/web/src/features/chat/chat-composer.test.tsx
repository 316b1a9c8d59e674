import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountType, ChatTemplate } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { ChatComposer } from './chat-composer';

function setup({ disabled = false, channel = 'whatsapp' as AccountType } = {}) {
  const onSend = vi.fn();
  renderWithProviders(<ChatComposer channel={channel} onSend={onSend} disabled={disabled} />);
  const input = screen.getByRole('textbox', { name: 'Ketik pesan' }) as HTMLTextAreaElement;
  const button = screen.getByRole('button', { name: 'Kirim' }) as HTMLButtonElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { onSend, input, button, type };
}

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function pick(kind: string, f: File) {
  const input = screen.getByTestId(`file-input-${kind}`) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [f] } });
}

async function openAttachMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Lampirkan' }));
  return screen.findByRole('menu');
}

afterEach(() => vi.unstubAllGlobals());

describe('composer text (spec §2 Composer, §4 Sending)', () => {
  it('sends on Enter and clears the text', () => {
    const { onSend, input, type } = setup();
    type('Halo kak');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ type: 'text', text: 'Halo kak' }, null);
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter (a new line)', () => {
    const { onSend, input, type } = setup();
    type('baris satu');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('baris satu');
  });

  it('never sends empty or blank text', () => {
    const { onSend, input, button, type } = setup();
    fireEvent.keyDown(input, { key: 'Enter' });
    type('   \n  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the Kirim button, trimmed', () => {
    const { onSend, button, type } = setup();
    type('  Terima kasih  ');
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledWith({ type: 'text', text: 'Terima kasih' }, null);
  });

  it('waits while disabled', () => {
    const { onSend, input, type } = setup({ disabled: true });
    type('Halo');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('attachments (spec §5)', () => {
  it('offers only what the channel can send', async () => {
    setup({ channel: 'whatsapp' });
    const wa = await openAttachMenu();
    expect(
      within(wa)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent),
    ).toEqual(['Gambar', 'Video', 'Audio', 'Dokumen', 'Lokasi', 'Kontak']);
  });

  it.each([
    ['instagram', ['Gambar', 'Video', 'Audio']],
    ['messenger', ['Gambar', 'Video', 'Audio', 'Dokumen']],
  ] as const)('%s offers %j', async (channel, items) => {
    setup({ channel });
    const menu = await openAttachMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent),
    ).toEqual(items);
  });

  it('refuses a file over 10 MB and a wrong type with a Tidak Valid toast, sending nothing', async () => {
    const { onSend } = setup();
    pick('image', file('besar.png', 'image/png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('Maksimal ukuran file adalah 10MB')).toBeTruthy();
    expect(screen.getByText('Tidak Valid')).toBeTruthy();
    pick('video', file('lagu.mp3', 'audio/mpeg'));
    expect(
      await screen.findByText('Jenis file audio/mpeg tidak didukung untuk gambar/video/audio'),
    ).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId('send-preview')).toBeNull();
  });

  it('sends audio at once, and an image after the preview with its caption', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const { onSend, type } = setup();
    const voice = file('suara.ogg', 'audio/ogg');
    pick('audio', voice);
    expect(onSend).toHaveBeenCalledWith({ type: 'audio', file: voice, caption: '' }, null);

    type('Ini katalognya');
    const photo = file('foto.png', 'image/png');
    pick('image', photo);
    const preview = await screen.findByTestId('send-preview');
    const caption = within(preview).getByPlaceholderText('Tambahkan keterangan') as HTMLTextAreaElement;
    expect(caption.value).toBe('Ini katalognya');
    fireEvent.change(caption, { target: { value: 'Katalog terbaru' } });
    fireEvent.keyDown(caption, { key: 'Enter' });
    expect(onSend).toHaveBeenLastCalledWith({ type: 'image', file: photo, caption: 'Katalog terbaru' }, null);
  });

  it('shows Pratinjau tidak tersedia for documents', async () => {
    setup();
    pick('document', file('katalog.pdf', 'application/pdf', 52_400));
    const preview = await screen.findByTestId('send-preview');
    expect(within(preview).getByText('Pratinjau tidak tersedia')).toBeTruthy();
    expect(within(preview).getByText('katalog.pdf')).toBeTruthy();
    expect(within(preview).getByText('52 kB')).toBeTruthy();
  });

  it('Kirim Lokasi checks every field', async () => {
    const { onSend } = setup();
    fireEvent.click(within(await openAttachMenu()).getByText('Lokasi'));
    const form = await screen.findByTestId('location-form');
    fireEvent.submit(form);
    for (const message of [
      'Latitude tidak valid',
      'Longitude tidak valid',
      'Nama Lokasi tidak valid',
      'Alamat Lokasi tidak valid',
    ])
      expect(await within(form).findByText(message)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '-6,2' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '106.8166' } });
    fireEvent.change(within(form).getByLabelText('Nama Lokasi'), { target: { value: 'Toko Pusat' } });
    fireEvent.change(within(form).getByLabelText('Alamat Lokasi'), { target: { value: 'Jl. Sudirman 1' } });
    fireEvent.submit(form);
    expect(onSend).toHaveBeenCalledWith(
      {
        type: 'location',
        location: { latitude: -6.2, longitude: 106.8166, name: 'Toko Pusat', address: 'Jl. Sudirman 1' },
      },
      null,
    );
  });

  it('Kirim Kontak checks the name and number, dial 62 by default', async () => {
    const { onSend } = setup();
    fireEvent.click(within(await openAttachMenu()).getByText('Kontak'));
    const form = await screen.findByTestId('contact-form');
    fireEvent.change(within(form).getByLabelText('Nomor Telepon'), { target: { value: '08-12' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Nama Kontak tidak valid')).toBeTruthy();
    expect(within(form).getByText('Nomor Telepon tidak valid')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Nama Kontak'), { target: { value: 'Admin Gudang' } });
    fireEvent.change(within(form).getByLabelText('Nomor Telepon'), { target: { value: '81234567890' } });
    fireEvent.submit(form);
    expect(onSend).toHaveBeenCalledWith(
      { type: 'contact', contact: { name: 'Admin Gudang', dial: '62', phoneNumber: '81234567890' } },
      null,
    );
  });
});

describe('template popup (spec §2)', () => {
  const templates: ChatTemplate[] = [
    {
      _id: 't1',
      title: 'Salam',
      text: 'Halo kak, ada yang bisa dibantu?',
      type: 'text',
      createdAt: '',
      updatedAt: '',
    },
    {
      _id: 't2',
      title: 'Katalog',
      text: 'Katalog terbaru',
      type: 'document',
      document: { url: '/api/media/abc', name: 'katalog.pdf', size: 52, mimetype: 'application/pdf' },
      createdAt: '',
      updatedAt: '',
    },
  ];

  function stubTemplates() {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
        const docs = templates.filter((t) => t.title.toLowerCase().includes(search.toLowerCase()));
        return new Response(JSON.stringify({ docs, hasNextPage: false }), { status: 200 });
      }),
    );
    return calls;
  }

  it("opens on '/', searches what follows, and a pick fills the text", async () => {
    const calls = stubTemplates();
    const { input, type, onSend } = setup();
    type('/');
    const popup = await screen.findByTestId('template-popup');
    expect(await within(popup).findByText('Salam')).toBeTruthy();
    expect(calls[0]).toContain('limit=50');
    type('/kat');
    await waitFor(() => expect(within(popup).queryByText('Salam')).toBeNull());
    type('/sal');
    await within(screen.getByTestId('template-popup')).findByText('Salam');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Halo kak, ada yang bisa dibantu?');
    expect(screen.queryByTestId('template-popup')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('a media template opens the send preview with its file and text', async () => {
    stubTemplates();
    const { type, onSend } = setup();
    type('/');
    fireEvent.click(await screen.findByText('Katalog'));
    const preview = await screen.findByTestId('send-preview');
    expect(within(preview).getByText('katalog.pdf')).toBeTruthy();
    fireEvent.click(within(preview).getByTestId('send-preview-submit'));
    expect(onSend).toHaveBeenCalledWith(
      {
        type: 'document',
        stored: expect.objectContaining({ document: templates[1]?.document }),
        caption: 'Katalog terbaru',
      },
      null,
    );
  });

  it('Escape closes the popup and keeps the text', async () => {
    stubTemplates();
    const { input, type } = setup();
    type('/');
    await screen.findByTestId('template-popup');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('template-popup')).toBeNull();
    expect(input.value).toBe('/');
  });
});
