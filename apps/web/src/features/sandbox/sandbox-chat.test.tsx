import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountType } from '@sapa/contracts';
import { renderWithProviders } from '../../test/render';
import { SandboxChat } from './sandbox-chat';
import type { SandboxMessage } from './sandbox-messages';
import { stubApi, type FakeReply } from './sandbox-test-api';

const customer = { accountId: 'acc-1', phoneNumber: '6281234567890', name: 'Budi' };

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** The upload of foto.png, as /api/sandbox/media answers it. */
const UPLOADED: FakeReply = {
  status: 200,
  data: {
    url: '/api/media/up-1',
    name: 'foto.png',
    mimetype: 'image/png',
    size: 1000,
    thumbnail: null,
    duration: null,
  },
};

/** A fake /api: the conversation, uploads and inbound messages; every request is recorded. */
function fakeApi({
  messages = [] as SandboxMessage[],
  media = async (): Promise<FakeReply> => UPLOADED,
  inbound = async (): Promise<FakeReply> => ({ status: 201, data: { chatId: 'chat-1', messageId: 'srv-1' } }),
} = {}) {
  const calls: Call[] = [];
  stubApi(async (url, method, init) => {
    const raw = init.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    calls.push({ url, method, body });
    if (url.startsWith('/api/sandbox/conversation')) {
      return { status: 200, data: { chatId: 'chat-1', messages } };
    }
    if (url.startsWith('/api/sandbox/media')) return media();
    if (url === '/api/sandbox/inbound') return inbound();
    return { status: 404, data: { message: 'Data tidak ditemukan' } };
  });
  return calls;
}

function renderChat(channel: AccountType | null = 'whatsapp') {
  return renderWithProviders(<SandboxChat customer={customer} businessName="Toko Demo" channel={channel} />);
}

let seq = 0;
function message(overrides: Partial<SandboxMessage>): SandboxMessage {
  seq += 1;
  return {
    _id: `m${seq}`,
    type: 'text',
    text: '',
    isFromMe: true,
    status: 'read',
    createdAt: new Date(Date.UTC(2026, 0, 10, 8, seq)).toISOString(),
    quoted: null,
    ...overrides,
  };
}

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function pick(kind: string, f: File) {
  fireEvent.change(screen.getByTestId(`sandbox-file-input-${kind}`), { target: { files: [f] } });
}

async function openAttachMenu() {
  fireEvent.click(screen.getByTestId('sandbox-attach'));
  return screen.findByRole('menu');
}

const inboundCalls = (calls: Call[]) =>
  calls.filter((c) => c.url === '/api/sandbox/inbound').map((c) => c.body as Record<string, unknown>);

afterEach(() => vi.unstubAllGlobals());

describe('the simulator phone draws every type', () => {
  it("shows each type with the inbox's bubbles, the business left with ticks, the customer right", async () => {
    const asked = message({ isFromMe: false, text: 'Ada warna lain?', status: 'read' });
    fakeApi({
      messages: [
        asked,
        message({
          type: 'image',
          text: 'Ini fotonya',
          image: { url: '/api/media/img', thumbnail: null, mimetype: 'image/jpeg' },
          quoted: {
            messageId: asked._id,
            isFromMe: false,
            senderName: 'Budi',
            type: 'text',
            text: asked.text,
          },
        }),
        message({
          type: 'video',
          video: { url: '/api/media/vid', thumbnail: null, duration: 75, mimetype: 'video/mp4' },
        }),
        message({ type: 'audio', audio: { url: '/api/media/aud', duration: 12, mimetype: 'audio/ogg' } }),
        message({
          type: 'document',
          document: { url: '/api/media/doc', name: 'Katalog.pdf', size: 245, mimetype: 'application/pdf' },
        }),
        message({
          type: 'location',
          isFromMe: false,
          location: { latitude: -6.2, longitude: 106.8, name: 'Monas', address: 'Gambir', thumbnail: null },
        }),
        message({
          type: 'contact',
          isFromMe: false,
          contact: { name: 'Sari', dial: '62', phoneNumber: '8123' },
        }),
        message({ type: 'sticker', isFromMe: false, sticker: { url: '/api/media/st' } }),
        message({ type: 'deleted', text: '' }),
        message({
          isFromMe: false,
          text: 'Oke, saya ambil',
          quoted: { messageId: 'x', isFromMe: true, senderName: 'Agen', type: 'text', text: 'Ini fotonya' },
        }),
      ],
    });
    renderChat();
    await waitFor(() => expect(screen.getAllByTestId('sandbox-message')).toHaveLength(10));
    const bubbles = screen.getAllByTestId('sandbox-message');
    expect(bubbles.map((b) => b.getAttribute('data-type'))).toEqual([
      'text',
      'image',
      'video',
      'audio',
      'document',
      'location',
      'contact',
      'sticker',
      'deleted',
      'text',
    ]);
    expect(bubbles.map((b) => b.getAttribute('data-from'))).toEqual([
      'customer',
      'business',
      'business',
      'business',
      'business',
      'customer',
      'customer',
      'customer',
      'business',
      'customer',
    ]);
    const [, image, video, audio, doc, location, contact, sticker, deleted, reply] = bubbles as HTMLElement[];
    expect(within(image!).getByTestId('bubble-image')).toBeTruthy();
    expect(image!.textContent).toContain('Ini fotonya');
    // the business's ticks
    expect(within(image!).getByRole('img', { name: 'Dibaca' })).toBeTruthy();
    // the customer quoted is 'Anda' on their own phone
    expect(within(image!).getByTestId('quoted-sender').textContent).toBe('Anda');
    expect(within(video!).getByTestId('video-duration').textContent).toBe('1.15');
    expect(within(audio!).getByTestId('bubble-audio').querySelector('audio')?.getAttribute('src')).toBe(
      '/api/media/aud',
    );
    expect(within(doc!).getByTestId('document-name').textContent).toBe('Katalog.pdf');
    expect(within(location!).getByTestId('bubble-location').textContent).toContain('Monas');
    expect(within(contact!).getByTestId('contact-number').textContent).toBe('+62 8123');
    expect(within(sticker!).getByTestId('bubble-sticker')).toBeTruthy();
    expect(sticker!.hasAttribute('data-bare')).toBe(true);
    expect(deleted!.textContent).toContain('Pesan telah dihapus');
    // the business quoted goes by its name
    expect(within(reply!).getByTestId('quoted-sender').textContent).toBe('Toko Demo');
  });
});

describe('the attach menu by channel', () => {
  it.each([
    ['whatsapp', ['Gambar', 'Video', 'Audio', 'Dokumen', 'Stiker', 'Lokasi', 'Kontak']],
    ['instagram', ['Gambar', 'Video', 'Audio', 'Stiker']],
    ['messenger', ['Gambar', 'Video', 'Audio', 'Dokumen', 'Stiker']],
  ] as const)('%s offers %j', async (channel, labels) => {
    fakeApi();
    renderChat(channel);
    const menu = await openAttachMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(labels);
    expect(screen.queryByTestId('sandbox-file-input-document') !== null).toBe(
      labels.includes('Dokumen' as never),
    );
    expect(screen.getByTestId('sandbox-file-input-sticker').getAttribute('accept')).toBe('image/webp');
  });

  it('is disabled until the channel is known', () => {
    fakeApi();
    renderChat(null);
    expect(screen.getByTestId('sandbox-attach').hasAttribute('disabled')).toBe(true);
  });
});

describe('sending files as the customer', () => {
  it('refuses a file over 10 MB and a wrong type with a Tidak Valid toast, uploading nothing', async () => {
    const calls = fakeApi();
    renderChat();
    pick('image', file('besar.png', 'image/png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('Tidak Valid')).toBeTruthy();
    expect(screen.getByText('Maksimal ukuran file adalah 10MB')).toBeTruthy();
    pick('sticker', file('stiker.png', 'image/png'));
    expect(
      await screen.findByText('Jenis file image/png tidak didukung untuk gambar/video/audio'),
    ).toBeTruthy();
    expect(screen.queryByTestId('sandbox-caption')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('uploads an image, shows it pending, then sends its url and caption', async () => {
    let release: () => void = () => {};
    const uploaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeApi({
      media: async () => {
        await uploaded;
        return UPLOADED;
      },
    });
    renderChat();
    const picked = file('foto.png', 'image/png');
    pick('image', picked);
    const caption = await screen.findByTestId('sandbox-caption');
    fireEvent.change(caption, { target: { value: 'Yang ini ada?' } });
    fireEvent.click(screen.getByTestId('sandbox-send-media'));

    const pending = await waitFor(() => {
      const bubble = screen
        .getAllByTestId('sandbox-message')
        .find((b) => b.getAttribute('data-status') === 'pending');
      expect(bubble).toBeTruthy();
      return bubble!;
    });
    expect(pending.getAttribute('data-type')).toBe('image');
    expect(pending.getAttribute('data-from')).toBe('customer');
    expect(pending.textContent).toContain('Yang ini ada?');

    release();
    await waitFor(() => expect(inboundCalls(calls)).toHaveLength(1));
    const upload = calls.find((c) => c.url.startsWith('/api/sandbox/media'))!;
    expect(upload.url).toBe('/api/sandbox/media?accountId=acc-1');
    expect(upload.method).toBe('POST');
    const sentFile = (upload.body as FormData).get('file') as File;
    expect([sentFile.name, sentFile.type]).toEqual([picked.name, picked.type]);
    expect(inboundCalls(calls)[0]).toEqual({
      accountId: 'acc-1',
      phoneNumber: '6281234567890',
      name: 'Budi',
      type: 'image',
      text: 'Yang ini ada?',
      image: { url: '/api/media/up-1' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('sandbox-message').getAttribute('data-status')).toBe('sent'),
    );
  });

  it('sends audio at once, and shows the server refusal as a Gagal toast', async () => {
    const calls = fakeApi({
      media: async () => ({
        status: 400,
        data: { message: 'Isi file tidak sesuai dengan jenisnya (audio)' },
      }),
    });
    renderChat();
    pick('audio', file('suara.ogg', 'audio/ogg'));
    expect(await screen.findByText('Gagal')).toBeTruthy();
    expect(screen.getByText('Isi file tidak sesuai dengan jenisnya (audio)')).toBeTruthy();
    expect(inboundCalls(calls)).toEqual([]);
    await waitFor(() => expect(screen.queryAllByTestId('sandbox-message')).toHaveLength(0));
  });
});

describe('location and contact forms', () => {
  it('checks the location form and sends its coordinates as numbers', async () => {
    const calls = fakeApi();
    renderChat();
    const menu = await openAttachMenu();
    fireEvent.click(within(menu).getByText('Lokasi'));
    const form = await screen.findByTestId('sandbox-location-form');
    fireEvent.submit(form);
    for (const text of [
      'Latitude tidak valid',
      'Longitude tidak valid',
      'Nama Lokasi tidak valid',
      'Alamat Lokasi tidak valid',
    ]) {
      expect(await within(form).findByText(text)).toBeTruthy();
    }
    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '91' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '106,827153' } });
    fireEvent.change(within(form).getByLabelText('Nama Lokasi'), { target: { value: 'Monas' } });
    fireEvent.change(within(form).getByLabelText('Alamat Lokasi'), { target: { value: 'Gambir, Jakarta' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Latitude tidak valid')).toBeTruthy();
    expect(inboundCalls(calls)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Latitude'), { target: { value: '-6.175392' } });
    fireEvent.submit(form);
    await waitFor(() => expect(inboundCalls(calls)).toHaveLength(1));
    expect(inboundCalls(calls)[0]).toMatchObject({
      type: 'location',
      text: '',
      location: { latitude: -6.175392, longitude: 106.827153, name: 'Monas', address: 'Gambir, Jakarta' },
    });
  });

  it('checks the contact form', async () => {
    const calls = fakeApi();
    renderChat();
    const menu = await openAttachMenu();
    fireEvent.click(within(menu).getByText('Kontak'));
    const form = await screen.findByTestId('sandbox-contact-form');
    fireEvent.submit(form);
    expect(await within(form).findByText('Nama Kontak tidak valid')).toBeTruthy();
    expect(within(form).getByText('Nomor Telepon tidak valid')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Nama Kontak'), { target: { value: 'Sari' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nomor Telepon' }), {
      target: { value: '81234567' },
    });
    fireEvent.submit(form);
    await waitFor(() => expect(inboundCalls(calls)).toHaveLength(1));
    expect(inboundCalls(calls)[0]).toMatchObject({
      type: 'contact',
      contact: { name: 'Sari', dial: '62', phoneNumber: '81234567' },
    });
  });
});

describe("replying to the business's messages", () => {
  it('quotes a business message on WhatsApp and sends quotedMessageId', async () => {
    const question = message({ _id: 'b1', text: 'Ukuran apa kak?' });
    const calls = fakeApi({ messages: [message({ isFromMe: false, text: 'Halo' }), question] });
    renderChat();
    await waitFor(() => expect(screen.getAllByTestId('sandbox-message')).toHaveLength(2));
    // only the business's messages can be replied to
    const replies = screen.getAllByTestId('sandbox-reply');
    expect(replies).toHaveLength(1);

    fireEvent.click(replies[0]!);
    const bar = screen.getByTestId('sandbox-quote');
    expect(bar.textContent).toContain('Toko Demo');
    expect(bar.textContent).toContain('Ukuran apa kak?');
    fireEvent.click(within(bar).getByRole('button', { name: 'Batal membalas' }));
    expect(screen.queryByTestId('sandbox-quote')).toBeNull();

    fireEvent.click(screen.getByTestId('sandbox-reply'));
    const input = screen.getByRole('textbox', { name: 'Ketik pesan' });
    fireEvent.change(input, { target: { value: 'Ukuran L' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(inboundCalls(calls)).toHaveLength(1));
    expect(inboundCalls(calls)[0]).toEqual({
      accountId: 'acc-1',
      phoneNumber: '6281234567890',
      name: 'Budi',
      type: 'text',
      text: 'Ukuran L',
      quotedMessageId: 'b1',
    });
    expect(screen.queryByTestId('sandbox-quote')).toBeNull();
  });

  it('has no reply action on Instagram or Messenger', async () => {
    fakeApi({ messages: [message({ text: 'Halo dari toko' })] });
    renderChat('instagram');
    await waitFor(() => expect(screen.getAllByTestId('sandbox-message')).toHaveLength(1));
    expect(screen.queryByTestId('sandbox-reply')).toBeNull();
  });
});
