import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Message } from '@sapa/contracts';
import { makeChat, makeMessage } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { mergeMessage } from '../../resources/chat/message-cache';
import { ChatRow, contactName } from './chat-row';
import { FailedMessageActions, neverStored } from './failed-message-actions';
import { listStep, stepIndex } from './list-keys';
import { NotificationPrompt, NOTIFY_PROMPT_KEY } from './notification-prompt';
import { searchHitsOf, searchWords } from './search-hit';
import { ShortcutSheet } from './shortcut-sheet';
import { titleWithCount, useTitleCount } from './use-title-count';
import { renderHook } from '@testing-library/react';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('inbox keys (issue 21)', () => {
  it('arrow keys and J/K move one chat, Home/End to the ends, modified keys are left alone', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
      listStep({ key: k, ctrlKey: false, altKey: false, metaKey: false, ...mods });
    expect([key('ArrowDown'), key('j'), key('ArrowUp'), key('K'), key('Home'), key('End')]).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'first',
      'last',
    ]);
    expect(key('k', { ctrlKey: true })).toBeNull();
    expect(key('x')).toBeNull();
    expect(stepIndex('next', 4, 5)).toBe(4);
    expect(stepIndex('previous', 0, 5)).toBe(0);
    expect(stepIndex('last', 0, 5)).toBe(4);
    expect(stepIndex('next', 0, 0)).toBe(-1);
  });

  it("the '?' sheet lists the inbox's and the team's shortcuts", () => {
    renderWithProviders(<ShortcutSheet opened onClose={() => {}} />);
    const sheet = screen.getByTestId('shortcut-sheet-body');
    expect(sheet.textContent).toContain('Percakapan berikutnya');
    expect(sheet.textContent).toContain('Cari percakapan');
    expect(sheet.textContent).toContain('Selesaikan atau buka kembali percakapan');
    expect(screen.getByRole('dialog', { name: 'Pintasan Keyboard' })).toBeTruthy();
  });
});

describe('attention (issue 21)', () => {
  it("the tab title shows the unread chats, '(3) Sapa', 99+ above 99, and goes back to Sapa", () => {
    expect(titleWithCount(3)).toBe('(3) Sapa');
    expect(titleWithCount(0)).toBe('Sapa');
    expect(titleWithCount(undefined)).toBe('Sapa');
    expect(titleWithCount(100)).toBe('(99+) Sapa');
    const { rerender, unmount } = renderHook(({ n }) => useTitleCount(n), { initialProps: { n: 2 } });
    expect(document.title).toBe('(2) Sapa');
    rerender({ n: 5 });
    expect(document.title).toBe('(5) Sapa');
    unmount();
    expect(document.title).toBe('Sapa');
  });

  it('the notification prompt, once closed, stays closed after a reload', () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    const first = renderWithProviders(<NotificationPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Tutup pengingat notifikasi' }));
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    expect(window.localStorage.getItem(NOTIFY_PROMPT_KEY)).toBe('1');
    first.unmount();
    renderWithProviders(<NotificationPrompt />);
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
  });

  it('a failed message the server sent again replaces its error; a late copy does not', () => {
    const failed = makeMessage({
      _id: 'm1',
      isFromMe: true,
      status: 'error',
      errorMessage: 'gagal',
      updatedAt: '2026-03-02T08:00:05.000Z',
    });
    const retried = {
      ...failed,
      status: 'pending' as const,
      errorMessage: null,
      updatedAt: '2026-03-02T08:01:00.000Z',
    };
    expect(mergeMessage(failed, retried)).toMatchObject({ status: 'pending', errorMessage: null });
    const late = { ...failed, status: 'pending' as const, updatedAt: '2026-03-02T08:00:00.000Z' };
    expect(mergeMessage(failed, late)).toMatchObject({ status: 'error', errorMessage: 'gagal' });
  });

  it("'Kirim ulang' and 'Hapus' call the server for a stored message", async () => {
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url: String(url), method: init.method ?? 'GET' });
        const body = init.method === 'DELETE' ? { message: 'Berhasil' } : { ...stored, status: 'pending' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const stored: Message = makeMessage({
      _id: 'srv-1',
      chatId: 'c1',
      temporaryId: 'T'.repeat(20),
      isFromMe: true,
      status: 'error',
    });
    expect(neverStored(stored)).toBe(false);
    expect(neverStored({ ...stored, _id: stored.temporaryId! })).toBe(true);
    renderWithProviders(<FailedMessageActions message={stored} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]?.url).toContain('/api/chat/c1/message/srv-1/retry');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Hapus' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ method: 'DELETE' });
    expect(calls[1]?.url).toContain('/api/chat/c1/message/srv-1');
  });
});

describe('search hits and words (issue 21)', () => {
  it('a result row shows the matching message with the words marked, and opens at it', () => {
    const chat = makeChat({ _id: 'c7' });
    const hits = searchHitsOf({
      pages: [
        {
          docs: [chat],
          hasNextPage: false,
          hits: [{ chatId: 'c7', messageId: 'm9', text: 'Ongkir ke Bandung' }],
        },
      ],
      pageParams: [1],
    } as InfiniteData<object>);
    renderWithProviders(
      <MemoryRouter>
        <ChatRow chat={chat} selected={false} hit={hits.get('c7')} words={searchWords(' ongkir  bandung ')} />
      </MemoryRouter>,
    );
    const hit = screen.getByTestId('chat-row-hit');
    expect(hit.textContent).toBe('Ongkir ke Bandung');
    expect([...hit.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Ongkir', 'Bandung']);
    expect(screen.queryByTestId('chat-row-preview')).toBeNull();
  });

  it('a chat without a name shows its number in the one phone format', () => {
    const chat = makeChat({ contact: { ...makeChat().contact, name: '', phoneNumber: '6281234567890' } });
    renderWithProviders(
      <MemoryRouter>
        <ChatRow chat={chat} selected={false} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('chat-row-name').textContent).toBe('+62 812-3456-7890');
    // a chat started from a number has the digits as its name
    expect(contactName({ ...chat, contact: { ...chat.contact, name: '6281299990000' } })).toBe(
      '+62 812-9999-0000',
    );
    expect(contactName({ ...chat, contact: { ...chat.contact, name: 'Toko 99' } })).toBe('Toko 99');
  });
});
