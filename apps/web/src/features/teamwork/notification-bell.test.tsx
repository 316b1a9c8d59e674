import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Notification } from '@sapa/contracts';
import { createQueryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import {
  addNotification,
  notificationKeys,
  unreadOf,
  type NotificationPages,
} from '../../resources/notification/notification-queries';
import { NotificationBell } from './notification-bell';
import { notificationTime } from './notification-time';

type Call = { method: string; path: string; body: unknown };

const note = (over: Partial<Notification> = {}): Notification => ({
  _id: 'n1',
  kind: 'mention',
  chatId: 'c1',
  messageId: 'm1',
  actorName: 'Budi',
  text: 'Tolong cek pesanan ini',
  read: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});

function stubApi(docs: Notification[], unread: number) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://x').pathname,
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      if (call.method === 'GET') return new Response(JSON.stringify({ docs, hasNextPage: false, unread }));
      return new Response(JSON.stringify({ message: 'ok' }));
    }),
  );
  return calls;
}

function renderBell() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/user/contact']}>
      <Routes>
        <Route path="/user/chat/:id" element={<p data-testid="opened-chat">chat</p>} />
        <Route path="*" element={null} />
      </Routes>
      <NotificationBell />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('notification bell (issue 21)', () => {
  it('shows the unread count; a click on one opens its chat and marks it read', async () => {
    const calls = stubApi(
      [note(), note({ _id: 'n2', kind: 'assigned', chatId: 'c2', text: 'Sari', read: true })],
      1,
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' });
    expect(screen.getByTestId('notification-count').textContent).toContain('1');
    fireEvent.click(bell);
    const pop = await screen.findByTestId('notification-popover');
    const items = within(pop).getAllByTestId('notification-item');
    expect(items[0]?.textContent).toContain('Budi menyebut Anda dalam catatan');
    expect(items[0]?.textContent).toContain('Tolong cek pesanan ini');
    expect(items[0]?.textContent).toContain('5 menit lalu');
    expect(items[1]?.textContent).toContain('Budi menugaskan percakapan dengan Sari kepada Anda');
    fireEvent.click(items[0]!);
    expect(await screen.findByTestId('opened-chat')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/notification/read',
      body: { ids: ['n1'] },
    });
    expect(screen.getByRole('button', { name: 'Notifikasi' })).toBeTruthy();
  });

  it("'Tandai semua dibaca' marks every one read; an empty list says so", async () => {
    const calls = stubApi([note(), note({ _id: 'n2' })], 2);
    const view = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifikasi, 2 belum dibaca' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tandai semua dibaca' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({}));
    expect(screen.getByRole('button', { name: 'Notifikasi' })).toBeTruthy();
    expect(screen.queryAllByText('belum dibaca')).toHaveLength(0);
    view.unmount();
    stubApi([], 0);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifikasi' }));
    expect((await screen.findByTestId('notification-empty')).textContent).toContain('Belum ada notifikasi');
  });

  it('a realtime notification goes on top and counts once', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData<NotificationPages>(notificationKeys.list(), {
      pages: [{ docs: [note({ read: true })], hasNextPage: false, unread: 0 }],
      pageParams: [1],
    });
    addNotification(queryClient, note({ _id: 'n9' }));
    addNotification(queryClient, note({ _id: 'n9' }));
    const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
    expect(data?.pages[0]?.docs.map((n) => n._id)).toEqual(['n9', 'n1']);
    expect(unreadOf(data)).toBe(1);
  });

  it('tells the time in Asia/Jakarta', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(notificationTime('2026-11-26T09:59:30Z', now)).toBe('baru saja');
    expect(notificationTime('2026-11-26T08:05:00Z', now)).toBe('15:05');
    expect(notificationTime('2026-11-25T16:59:00Z', now)).toBe('25/11 23:59');
  });
});
