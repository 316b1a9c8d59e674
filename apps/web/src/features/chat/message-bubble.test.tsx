import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRupiah, type Message, type QuotedMessage } from '@sapa/contracts';
import { resetConfig } from '../../lib/use-config';
import { config } from '../../test/fixtures';
import { makeMessage } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { MessageBubble } from './message-bubble';
import { ComposerQuote } from '../../components/bubbles/composer-quote';

const image = { url: '/api/media/img-1', thumbnail: 'data:image/jpeg;base64,AAAA', mimetype: 'image/jpeg' };

function quoted(overrides: Partial<QuotedMessage> = {}): QuotedMessage {
  return {
    messageId: 'orig-1',
    isFromMe: false,
    senderName: 'Budi',
    type: 'text',
    text: 'Ada stok?',
    ...overrides,
  };
}

function renderBubble(message: Message, props: Partial<Parameters<typeof MessageBubble>[0]> = {}) {
  const { container } = renderWithProviders(
    <MessageBubble message={message} channel="whatsapp" {...props} />,
  );
  return within(container).getByTestId('message-bubble');
}

describe('message bubbles by type (spec §2 Chat room)', () => {
  it('shows text, and the deleted note instead of any content', () => {
    renderBubble(makeMessage({ text: 'Halo kak' }));
    expect(screen.getByTestId('message-bubble').textContent).toContain('Halo kak');
  });

  it('shows "Pesan telah dihapus" for a deleted message, without its media', () => {
    const bubble = renderBubble(makeMessage({ type: 'image', image, isDeleted: true, text: 'rahasia' }));
    expect(bubble.textContent).toContain('Pesan telah dihapus');
    expect(bubble.textContent).not.toContain('rahasia');
    expect(screen.queryByTestId('bubble-image')).toBeNull();
  });

  it('shows an image with its blurred thumbnail while loading, and the caption under it', () => {
    renderBubble(makeMessage({ type: 'image', image, text: 'Foto produk' }));
    const frame = screen.getByTestId('bubble-image');
    const imgs = frame.querySelectorAll('img');
    expect(imgs[0]?.getAttribute('src')).toBe(image.thumbnail);
    expect(imgs[1]?.getAttribute('src')).toBe('/api/media/img-1');
    fireEvent.load(imgs[1]!);
    expect(frame.querySelectorAll('img')).toHaveLength(1);
    expect(frame.getAttribute('data-loaded')).toBe('true');
    expect(screen.getByTestId('message-bubble').textContent).toContain('Foto produk');
  });

  it('renders a pending upload from its local blob: url the same way', () => {
    renderBubble(
      makeMessage({
        type: 'image',
        isFromMe: true,
        status: 'pending',
        image: { url: 'blob:http://localhost/abc', thumbnail: null, mimetype: 'image/png' },
      }),
    );
    expect(screen.getByTestId('bubble-image').querySelector('img')?.getAttribute('src')).toBe(
      'blob:http://localhost/abc',
    );
  });

  it('opens the image preview on click and a single Escape closes only the preview', async () => {
    const seen: boolean[] = [];
    const listener = (event: KeyboardEvent) => seen.push(event.defaultPrevented);
    window.addEventListener('keydown', listener);
    renderBubble(makeMessage({ type: 'image', image, text: 'Foto produk' }));
    fireEvent.click(screen.getByTestId('bubble-image'));
    const preview = await screen.findByTestId('media-preview');
    expect(preview.getAttribute('role')).toBe('dialog');
    expect(within(preview).getByRole('img').getAttribute('src')).toBe('/api/media/img-1');
    expect(within(preview).getByText('Foto produk')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Tutup' })).toBeTruthy();

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('media-preview')).toBeNull());
    // The chat page's own listener (bubbling, on window) sees it handled and keeps the chat open.
    expect(seen).toEqual([true]);
    window.removeEventListener('keydown', listener);
  });

  it('closes the preview with the Tutup button', async () => {
    renderBubble(makeMessage({ type: 'image', image }));
    fireEvent.click(screen.getByTestId('bubble-image'));
    fireEvent.click(await screen.findByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByTestId('media-preview')).toBeNull());
  });

  it('shows a video as a blurred thumbnail with play icon and duration, opening a playing preview', async () => {
    renderBubble(
      makeMessage({
        type: 'video',
        text: '',
        video: {
          url: '/api/media/vid-1',
          thumbnail: 'data:image/jpeg;base64,BBBB',
          duration: 75,
          mimetype: 'video/mp4',
        },
      }),
    );
    const frame = screen.getByTestId('bubble-video');
    expect(frame.querySelector('img')?.getAttribute('src')).toBe('data:image/jpeg;base64,BBBB');
    expect(within(frame).getByTestId('video-duration').textContent).toBe('1.15');
    expect(frame.getAttribute('aria-label')).toBe('Putar video, durasi 1.15');
    fireEvent.click(frame);
    const preview = await screen.findByTestId('media-preview');
    const video = preview.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/api/media/vid-1');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.autoplay).toBe(true);
  });

  it('shows a dark placeholder for a video without thumbnail', () => {
    renderBubble(
      makeMessage({
        type: 'video',
        video: { url: '/api/media/vid-2', thumbnail: null, duration: 5, mimetype: 'video/mp4' },
      }),
    );
    const frame = screen.getByTestId('bubble-video');
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.querySelector('.sapa-video-blank')).not.toBeNull();
    expect(within(frame).getByTestId('video-duration').textContent).toBe('0.05');
  });

  it('shows a sticker without bubble background', () => {
    const bubble = renderBubble(
      makeMessage({ type: 'sticker', text: '', sticker: { url: '/api/media/st-1' } }),
    );
    expect(screen.getByTestId('bubble-sticker').querySelector('img')?.getAttribute('src')).toBe(
      '/api/media/st-1',
    );
    expect(bubble.hasAttribute('data-bare')).toBe(true);
  });

  it('shows a contact with its name and +dial number', () => {
    renderBubble(
      makeMessage({
        type: 'contact',
        text: '',
        contact: { name: 'Sari', dial: '62', phoneNumber: '81234567' },
      }),
    );
    const card = screen.getByTestId('bubble-contact');
    expect(card.textContent).toContain('Sari');
    expect(within(card).getByTestId('contact-number').textContent).toBe('+62 81234567');
  });

  it('links a location to Google Maps in a new tab, with name and address', () => {
    renderBubble(
      makeMessage({
        type: 'location',
        text: '',
        location: {
          latitude: -6.2,
          longitude: 106.816666,
          name: 'Monas',
          address: 'Gambir, Jakarta',
          thumbnail: null,
        },
      }),
    );
    const link = screen.getByTestId('bubble-location');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=-6.2,106.816666');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('Monas');
    expect(link.textContent).toContain('Gambir, Jakarta');
  });

  it('shows a story with its text', () => {
    const bubble = renderBubble(makeMessage({ type: 'story', text: 'Lihat story kami' }));
    expect(screen.getByTestId('bubble-story').textContent).toBe('Story');
    expect(bubble.textContent).toContain('Lihat story kami');
  });

  it('falls back to the type name when the media object is missing', () => {
    renderBubble(makeMessage({ type: 'image', text: '' }));
    expect(screen.getByTestId('message-media').textContent).toBe('Gambar');
  });
});

describe('document bubble', () => {
  const createObjectURL = vi.fn(() => 'blob:http://localhost/doc');
  const revokeObjectURL = vi.fn();
  let clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const doc = makeMessage({
    type: 'document',
    text: '',
    document: { url: '/api/media/doc-1', name: 'Invoice Maret.pdf', size: 245, mimetype: 'application/pdf' },
  });

  it('shows the name and the size in kB', () => {
    renderBubble(doc);
    const card = screen.getByTestId('bubble-document');
    expect(within(card).getByTestId('document-name').textContent).toBe('Invoice Maret.pdf');
    expect(within(card).getByTestId('document-size').textContent).toBe('PDF · 245 kB');
  });

  it('downloads the url as a blob saved under the document name', async () => {
    const blob = new Blob(['%PDF']);
    const fetchMock = vi.fn(async () => ({ ok: true, blob: async () => blob }));
    vi.stubGlobal('fetch', fetchMock);
    renderBubble(doc);
    const button = screen.getByTestId('document-download');
    expect(button.getAttribute('aria-label')).toBe('Unduh Invoice Maret.pdf');
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/media/doc-1');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked[0]).toEqual({ href: 'blob:http://localhost/doc', download: 'Invoice Maret.pdf' });
  });

  it('fails silently', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderBubble(doc);
    fireEvent.click(screen.getByTestId('document-download'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByTestId('document-download').hasAttribute('data-loading')).toBe(false),
    );
    expect(clicked).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('audio player', () => {
  afterEach(() => vi.restoreAllMocks());

  const audioMessage = (id: string) =>
    makeMessage({
      _id: id,
      type: 'audio',
      text: '',
      audio: { url: `/api/media/${id}`, duration: 75, mimetype: 'audio/ogg' },
    });

  it('shows elapsed and total time as minutes.seconds, plays, pauses and seeks', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('pause'));
    });
    renderBubble(audioMessage('aud-1'));
    const player = screen.getByTestId('bubble-audio');
    expect(player.querySelector('audio')?.getAttribute('src')).toBe('/api/media/aud-1');
    expect(within(player).getByTestId('audio-duration').textContent).toBe('0.00 / 1.15');

    const toggle = within(player).getByTestId('audio-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Putar audio');
    fireEvent.click(toggle);
    expect(play).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute('aria-label')).toBe('Jeda audio');

    const thumb = within(screen.getByTestId('audio-seek')).getByRole('slider');
    expect(thumb.getAttribute('aria-label')).toBe('Posisi audio');
    fireEvent.keyDown(thumb, { key: 'End' });
    expect(player.querySelector('audio')?.currentTime).toBe(75);
    expect(within(player).getByTestId('audio-duration').textContent).toBe('1.15 / 1.15');

    fireEvent.click(toggle);
    expect(pause).toHaveBeenCalled();
    expect(toggle.getAttribute('aria-label')).toBe('Putar audio');
  });

  it('plays one audio at a time', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: false });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { configurable: true, value: true });
      this.dispatchEvent(new Event('pause'));
    });
    renderWithProviders(
      <>
        <MessageBubble message={audioMessage('aud-a')} channel="whatsapp" />
        <MessageBubble message={audioMessage('aud-b')} channel="whatsapp" />
      </>,
    );
    const [first, second] = screen.getAllByTestId('audio-toggle');
    act(() => fireEvent.click(first!));
    expect(first!.getAttribute('aria-label')).toBe('Jeda audio');
    act(() => fireEvent.click(second!));
    expect(second!.getAttribute('aria-label')).toBe('Jeda audio');
    expect(first!.getAttribute('aria-label')).toBe('Putar audio');
  });
});

describe('quotes and replies', () => {
  it("names my own quoted message 'Anda' and calls onQuoteClick with the original's id", () => {
    const onQuoteClick = vi.fn();
    renderBubble(makeMessage({ text: 'Siap', quoted: quoted({ isFromMe: true, messageId: 'm-42' }) }), {
      onQuoteClick,
    });
    const block = screen.getByTestId('quoted-block');
    expect(block.tagName).toBe('BUTTON');
    expect(within(block).getByTestId('quoted-sender').textContent).toBe('Anda');
    expect(within(block).getByTestId('quoted-text').textContent).toBe('Ada stok?');
    fireEvent.click(block);
    expect(onQuoteClick).toHaveBeenCalledWith('m-42');
  });

  it("shows the sender's name, the document name and no thumbnail for a quoted document", () => {
    renderBubble(
      makeMessage({
        quoted: quoted({
          type: 'document',
          text: '',
          document: { url: '/api/media/d', name: 'katalog.pdf', size: 10, mimetype: 'application/pdf' },
        }),
      }),
    );
    const block = screen.getByTestId('quoted-block');
    expect(within(block).getByTestId('quoted-sender').textContent).toBe('Budi');
    expect(within(block).getByTestId('quoted-text').textContent).toBe('katalog.pdf');
    expect(within(block).queryByTestId('quoted-thumbnail')).toBeNull();
  });

  it('shows the type name and a thumbnail for a quoted image without caption', () => {
    renderBubble(makeMessage({ quoted: quoted({ type: 'image', text: '', image }) }));
    const block = screen.getByTestId('quoted-block');
    expect(within(block).getByTestId('quoted-text').textContent).toBe('Gambar');
    expect(within(block).getByTestId('quoted-thumbnail').getAttribute('src')).toBe(image.thumbnail);
  });

  it('offers the reply button on WhatsApp and passes the message', () => {
    const onReply = vi.fn();
    const message = makeMessage({ text: 'Halo' });
    renderBubble(message, { onReply });
    const button = screen.getByTestId('reply-button');
    expect(button.getAttribute('aria-label')).toBe('Balas pesan');
    fireEvent.click(button);
    expect(onReply).toHaveBeenCalledWith(message);
  });

  it.each(['instagram', 'messenger'] as const)('hides the reply button on %s', (channel) => {
    renderBubble(makeMessage(), { channel, onReply: vi.fn() });
    expect(screen.queryByTestId('reply-button')).toBeNull();
  });

  it('hides the reply button without onReply, and for deleted or pending messages', () => {
    renderBubble(makeMessage());
    expect(screen.queryByTestId('reply-button')).toBeNull();
    renderBubble(makeMessage({ isDeleted: true }), { onReply: vi.fn() });
    renderBubble(makeMessage({ isFromMe: true, status: 'pending' }), { onReply: vi.fn() });
    expect(screen.queryByTestId('reply-button')).toBeNull();
  });

  it('marks the highlighted bubble', () => {
    const bubble = renderBubble(makeMessage(), { highlighted: true });
    expect(bubble.hasAttribute('data-highlighted')).toBe(true);
  });

  it('shows the quote above the composer with a cancel button', () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <ComposerQuote
        message={makeMessage({
          type: 'contact',
          text: '',
          contact: { name: 'Sari', dial: '62', phoneNumber: '8123' },
        })}
        senderName="Budi"
        onCancel={onCancel}
      />,
    );
    const quote = screen.getByTestId('composer-quote');
    expect(within(quote).getByTestId('quoted-sender').textContent).toBe('Budi');
    expect(within(quote).getByTestId('quoted-text').textContent).toBe('Sari');
    fireEvent.click(within(quote).getByRole('button', { name: 'Batal membalas' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('failed messages', () => {
  it('shows the error message under my failed bubble, or Gagal', () => {
    renderBubble(makeMessage({ isFromMe: true, status: 'error', errorMessage: 'Nomor tidak terdaftar' }));
    expect(screen.getByTestId('message-error').textContent).toBe('Nomor tidak terdaftar');
  });

  it("falls back to 'Gagal'", () => {
    renderBubble(makeMessage({ isFromMe: true, status: 'error', errorMessage: null }));
    expect(screen.getByTestId('message-error').textContent).toBe('Gagal');
    expect(screen.queryByTestId('reply-button')).toBeNull();
  });
});

describe('the WhatsApp Cloud API pricing category (issue 25)', () => {
  it('shows the category in Indonesian beside the time, read out with what it is', () => {
    renderBubble(makeMessage({ isFromMe: true, status: 'sent', pricingCategory: 'utility' }));
    const badge = screen.getByTestId('pricing-badge');
    expect(badge.textContent).toBe('Kategori biaya WhatsApp: Utilitas');
    expect(badge.getAttribute('title')).toBe('Kategori biaya WhatsApp: Utilitas');
    expect(badge.closest('.sapa-bubble-meta')).toBeTruthy();
  });

  it('shows an unknown category as Meta sent it, and nothing without one', () => {
    const view = renderWithProviders(
      <MessageBubble message={makeMessage({ pricingCategory: 'marketing_lite' })} channel="whatsapp" />,
    );
    expect(screen.getByTestId('pricing-badge').textContent).toBe('Kategori biaya WhatsApp: marketing_lite');
    view.unmount();
    renderBubble(makeMessage({ isFromMe: true, pricingCategory: null }));
    expect(screen.queryByTestId('pricing-badge')).toBeNull();
  });

  it("adds the operator's price of the category when one is set", () => {
    resetConfig({ ...config, cloudPrices: { marketing: 586, utility: 356, authentication: 0, service: 0 } });
    try {
      const view = renderWithProviders(
        <MessageBubble
          message={makeMessage({ isFromMe: true, status: 'sent', pricingCategory: 'marketing' })}
          channel="whatsapp"
        />,
      );
      expect(screen.getByTestId('pricing-badge').textContent).toBe(
        `Kategori biaya WhatsApp: Marketing · ${formatRupiah(586)}`,
      );
      view.unmount();
      // a category without a price shows only its name
      renderBubble(makeMessage({ isFromMe: true, status: 'sent', pricingCategory: 'service' }));
      expect(screen.getByTestId('pricing-badge').textContent).toBe('Kategori biaya WhatsApp: Layanan');
    } finally {
      resetConfig();
    }
  });
});
