import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatContact } from '@sapa/contracts';
import { sessionFromUser, sessionStore } from '../../lib/session-store';
import { agentUser } from '../../test/fixtures';
import { ChatContactListPage } from './chat-contact-list-page';
import { catchDownloads, renderAt, stubApi } from './test-helpers';

const DEWI: ChatContact = {
  chatId: 'ch1',
  name: 'Dewi Lestari',
  phoneNumber: '6281311112222',
  account: { _id: 'acc1', type: 'whatsapp', name: 'Toko Demo' },
  labels: [
    { _id: 'l1', name: 'VIP', color: '#6d28d9' },
    { _id: 'l2', name: 'Reseller', color: '#15803d' },
    { _id: 'l3', name: 'Pesanan baru', color: '#c2410c' },
  ],
  lastMessageAt: '2026-01-05T03:00:00.000Z',
};
const ANDI: ChatContact = {
  chatId: 'ch2',
  name: 'andi.ig',
  phoneNumber: '',
  account: { _id: 'acc2', type: 'instagram', name: 'tokodemo.id' },
  labels: [],
  lastMessageAt: null,
};

// agents read and export conversation contacts too
beforeEach(() => sessionStore.set(sessionFromUser('tok', agentUser)));

const page = () => renderAt(<ChatContactListPage />, '/user/contact/chat', '/user/contact/chat');

describe('Kontak > Percakapan', () => {
  it('lists each contact with its account, labels and last message, and opens the chat', async () => {
    const api = stubApi({
      'GET /api/contact/chat': () =>
        api.urls.at(-1)?.includes('page=2')
          ? [200, { docs: [ANDI], hasNextPage: false }]
          : [200, { docs: [DEWI], hasNextPage: true }],
    });
    page();
    expect(screen.getByTestId('chat-contact-skeleton')).toBeTruthy();
    const [row] = await screen.findAllByTestId('chat-contact-row');
    expect(within(row!).getByTestId('chat-contact-name').textContent).toBe('Dewi Lestari');
    expect(within(row!).getByText('DL')).toBeTruthy();
    expect(within(row!).getByText('+62 813-1111-2222')).toBeTruthy();
    expect(within(row!).getByRole('img', { name: 'WhatsApp' })).toBeTruthy();
    expect(within(row!).getByText('Toko Demo')).toBeTruthy();
    expect(
      within(row!)
        .getAllByTestId('chat-contact-label')
        .map((l) => l.textContent),
    ).toEqual(['VIP', 'Reseller']);
    expect(within(row!).getByTestId('chat-contact-labels-more').textContent).toBe('+1');
    expect(within(row!).getByTestId('chat-contact-last').textContent).toBe('05/01/26');
    expect(
      within(row!).getByRole('link', { name: 'Buka percakapan dengan Dewi Lestari' }).getAttribute('href'),
    ).toBe('/user/chat/ch1');
    expect(api.urls[0]).toBe('GET /api/contact/chat?page=1&limit=20');

    fireEvent.click(screen.getByRole('button', { name: 'Lebih Banyak' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-contact-row')).toHaveLength(2));
    const andi = screen.getAllByTestId('chat-contact-row')[1]!;
    expect(within(andi).getByRole('img', { name: 'Instagram' })).toBeTruthy();
    expect(within(andi).getByTestId('chat-contact-last').textContent).toBe('-');
  });

  it("says 'Belum ada kontak percakapan', and 'Kontak tidak ditemukan' on an empty search", async () => {
    const api = stubApi({ 'GET /api/contact/chat': () => [200, { docs: [], hasNextPage: false }] });
    page();
    expect(await screen.findByText('Belum ada kontak percakapan')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari kontak percakapan' }), {
      target: { value: 'budi' },
    });
    expect(await screen.findByText('Kontak tidak ditemukan')).toBeTruthy();
    await waitFor(() => expect(api.urls.at(-1)).toBe('GET /api/contact/chat?page=1&limit=20&search=budi'));
  });

  it('exports what the search shows as kontak-percakapan.xlsx', async () => {
    const saved = catchDownloads();
    const api = stubApi({
      'GET /api/contact/chat': () => [200, { docs: [DEWI], hasNextPage: false }],
      'POST /api/contact/chat/export': () => [200, { ok: true }],
    });
    page();
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari kontak percakapan' }), {
      target: { value: 'dewi' },
    });
    await waitFor(() => expect(api.urls.at(-1)).toContain('search=dewi'));
    fireEvent.click(await screen.findByTestId('chat-contact-export'));
    await waitFor(() => expect(saved).toEqual(['kontak-percakapan.xlsx']));
    expect(api.urls).toContain('POST /api/contact/chat/export?search=dewi');
  });
});
