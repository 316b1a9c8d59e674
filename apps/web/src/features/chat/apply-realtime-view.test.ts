import { afterEach, describe, expect, it } from 'vitest';
import type { Chat, Paged } from '@sapa/contracts';
import { STORAGE_KEYS } from '@sapa/contracts';
import { createQueryClient } from '../../lib/query-client';
import { at, makeChat } from '../../test/chat-fixtures';
import { applyRealtimeEvent } from './apply-realtime-event';
import { flattenChats, type ChatPages } from '../../resources/chat/chat-list-cache';
import { chatKeys, EMPTY_CHAT_FILTER, type ChatFilter } from '../../resources/chat/chat-keys';

const infinite = <T>(docs: T[]) => ({ pages: [{ docs, hasNextPage: false } as Paged<T>], pageParams: [1] });
const chatAt = (id: string, minutes: number, extra: Partial<Chat> = {}) =>
  makeChat({
    _id: id,
    lastMessage: { sendAt: at(minutes), text: id, type: 'text', isFromMe: false, status: 'read' },
    ...extra,
  });

const OPEN = EMPTY_CHAT_FILTER;
const RESOLVED: ChatFilter = { ...EMPTY_CHAT_FILTER, state: 'resolved' };
const SNOOZED: ChatFilter = { ...EMPTY_CHAT_FILTER, state: 'snoozed' };
const ALL: ChatFilter = { ...EMPTY_CHAT_FILTER, state: 'all' };
const MINE: ChatFilter = { ...EMPTY_CHAT_FILTER, assignee: 'me' };
const NOBODY: ChatFilter = { ...EMPTY_CHAT_FILTER, assignee: 'none' };

function setup(lists: [ChatFilter, Chat[]][]) {
  const queryClient = createQueryClient();
  for (const [filter, docs] of lists) queryClient.setQueryData(chatKeys.list(filter), infinite(docs));
  const ids = (filter: ChatFilter) =>
    flattenChats(queryClient.getQueryData<ChatPages>(chatKeys.list(filter))).map((c) => c._id);
  const send = (chat: Chat, openChatId: string | null = null) =>
    applyRealtimeEvent(
      queryClient,
      { type: 'chat.updated', chat, message: null },
      { openChatId, visible: true },
    );
  return { ids, send };
}

afterEach(() => window.localStorage.clear());

describe('chat.updated moves chats between the conversation views (issue 21)', () => {
  it('a resolved chat leaves Terbuka (even while open in the room) and joins Selesai and Semua', () => {
    const a = chatAt('a', 30);
    const b = chatAt('b', 20);
    const { ids, send } = setup([
      [OPEN, [a, b]],
      [RESOLVED, []],
      [ALL, [a, b]],
    ]);
    send({ ...b, conversationState: 'resolved' }, 'b');
    expect(ids(OPEN)).toEqual(['a']);
    expect(ids(RESOLVED)).toEqual(['b']);
    expect(ids(ALL)).toEqual(['a', 'b']);
  });

  it('a reopened chat comes back to Terbuka in its place and leaves Ditunda', () => {
    const a = chatAt('a', 30);
    const b = chatAt('b', 20, { conversationState: 'snoozed', snoozedUntil: at(90) });
    const c = chatAt('c', 10);
    const { ids, send } = setup([
      [OPEN, [a, c]],
      [SNOOZED, [b]],
    ]);
    send({ ...b, conversationState: 'open', snoozedUntil: null });
    expect(ids(OPEN)).toEqual(['a', 'b', 'c']);
    expect(ids(SNOOZED)).toEqual([]);
  });

  it("'Belum Ditugaskan' loses a chat once taken; the agent's 'Milik Saya' gains it", () => {
    window.localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ token: 't', agent: true, user: { agent: { _id: 'ag-1', name: 'Sinta' } } }),
    );
    const a = chatAt('a', 30);
    const { ids, send } = setup([
      [NOBODY, [a]],
      [MINE, []],
    ]);
    send({ ...a, agentId: 'ag-1', agent: { _id: 'ag-1', name: 'Sinta' } as Chat['agent'] });
    expect(ids(NOBODY)).toEqual([]);
    expect(ids(MINE)).toEqual(['a']);
    send({ ...a, agentId: 'ag-2', agent: { _id: 'ag-2', name: 'Budi' } as Chat['agent'] });
    expect(ids(MINE)).toEqual([]);
  });
});
