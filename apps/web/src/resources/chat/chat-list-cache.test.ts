import { describe, expect, it } from 'vitest';
import type { Chat } from '@sapa/contracts';
import { at, makeChat } from '../../test/chat-fixtures';
import { flattenChats, patchChat, removeChat, upsertChat, type ChatPages } from './chat-list-cache';
import { EMPTY_CHAT_FILTER, type ChatFilter } from './chat-keys';

function pages(...groups: { docs: Chat[]; hasNextPage: boolean }[]): ChatPages {
  return { pages: groups, pageParams: groups.map((_, i) => i + 1) };
}
const ids = (data: ChatPages | undefined) => flattenChats(data).map((c) => c._id);
const chatAt = (id: string, minutes: number, extra: Partial<Chat> = {}) =>
  makeChat({
    _id: id,
    lastMessage: { sendAt: at(minutes), text: 'Halo', type: 'text', isFromMe: false, status: 'read' },
    ...extra,
  });

describe('chat list cache (spec §4: sorted newest first, realtime replaces the entry)', () => {
  const a = chatAt('a', 30);
  const b = chatAt('b', 20);
  const c = chatAt('c', 10);

  it('replaces an existing entry and re-sorts the list', () => {
    const data = pages({ docs: [a, b, c], hasNextPage: false });
    const newer = chatAt('c', 40, { unreadCount: 2 });
    const next = upsertChat(data, newer, EMPTY_CHAT_FILTER);
    expect(ids(next)).toEqual(['c', 'a', 'b']);
    expect(flattenChats(next)[0]?.unreadCount).toBe(2);
  });

  it('inserts a new chat in time order and keeps the page sizes', () => {
    const data = pages({ docs: [a, b], hasNextPage: true }, { docs: [c], hasNextPage: false });
    const next = upsertChat(data, chatAt('n', 25), EMPTY_CHAT_FILTER);
    expect(ids(next)).toEqual(['a', 'n', 'b', 'c']);
    expect(next?.pages.map((p) => p.docs.length)).toEqual([2, 2]);
    expect(next?.pageParams).toEqual([1, 2]);
  });

  it('does not insert a chat older than everything loaded while more pages exist', () => {
    const data = pages({ docs: [a, b], hasNextPage: true });
    expect(upsertChat(data, chatAt('old', 1), EMPTY_CHAT_FILTER)).toBe(data);
    const done = pages({ docs: [a, b], hasNextPage: false });
    expect(ids(upsertChat(done, chatAt('old', 1), EMPTY_CHAT_FILTER))).toEqual(['a', 'b', 'old']);
  });

  it('drops a chat that no longer matches the tab, unless it is the open one', () => {
    const unread: ChatFilter = { ...EMPTY_CHAT_FILTER, status: 'unread' };
    const data = pages({
      docs: [chatAt('a', 30, { unreadCount: 1 }), chatAt('b', 20, { unreadCount: 3 })],
      hasNextPage: false,
    });
    const readA = chatAt('a', 30, { unreadCount: 0 });
    expect(ids(upsertChat(data, readA, unread))).toEqual(['b']);
    expect(ids(upsertChat(data, readA, unread, { keepId: 'a' }))).toEqual(['a', 'b']);
    // a chat that does not match is not added
    expect(ids(upsertChat(data, chatAt('z', 50), unread))).toEqual(['a', 'b']);
  });

  it('lists as unreplied only chats whose last message is the customer’s', () => {
    const unreplied: ChatFilter = { ...EMPTY_CHAT_FILTER, status: 'unreplied' };
    const data = pages({ docs: [a], hasNextPage: false });
    const replied = makeChat({
      _id: 'a',
      lastMessage: { sendAt: at(60), text: 'Siap', type: 'text', isFromMe: true, status: 'sent' },
    });
    expect(ids(upsertChat(data, replied, unreplied))).toEqual([]);
  });

  it('adds a new chat to a search only when its name, number or last text matches', () => {
    const search: ChatFilter = { ...EMPTY_CHAT_FILTER, search: 'budi' };
    const data = pages({ docs: [a], hasNextPage: false });
    const budi = chatAt('budi', 50, { contact: { ...a.contact, name: 'Budi Santoso' } });
    expect(ids(upsertChat(data, budi, search))).toEqual(['budi', 'a']);
    expect(ids(upsertChat(data, chatAt('x', 50), search))).toEqual(['a']);
    // already listed (the server matched an older message): it stays and moves up
    expect(ids(upsertChat(pages({ docs: [b, a], hasNextPage: false }), chatAt('a', 50), search))).toEqual([
      'a',
      'b',
    ]);
  });

  it('filters by account, label and agent', () => {
    const data = pages({ docs: [], hasNextPage: false });
    const chat = chatAt('x', 50, { accountId: 'acc-2', agentId: 'ag-1' });
    expect(ids(upsertChat(data, chat, { ...EMPTY_CHAT_FILTER, accountIds: ['acc-1'] }))).toEqual([]);
    expect(ids(upsertChat(data, chat, { ...EMPTY_CHAT_FILTER, accountIds: ['acc-2'] }))).toEqual(['x']);
    expect(ids(upsertChat(data, chat, { ...EMPTY_CHAT_FILTER, labelIds: ['l1'] }))).toEqual([]);
    expect(ids(upsertChat(data, chat, { ...EMPTY_CHAT_FILTER, agentIds: ['ag-1'] }))).toEqual(['x']);
  });

  it('removes a deleted chat, patches in place, and flattens without repeats', () => {
    const data = pages({ docs: [a, b], hasNextPage: true }, { docs: [b, c], hasNextPage: false });
    expect(ids(data)).toEqual(['a', 'b', 'c']);
    expect(ids(removeChat(data, 'b'))).toEqual(['a', 'c']);
    const patched = patchChat(data, 'c', (chat) => ({
      ...chat,
      unreadCount: 0,
      contact: { ...chat.contact, name: 'C' },
    }));
    expect(ids(patched)).toEqual(['a', 'b', 'c']);
    expect(flattenChats(patched)[2]?.contact.name).toBe('C');
    expect(upsertChat(undefined, a, EMPTY_CHAT_FILTER)).toBeUndefined();
  });
});
