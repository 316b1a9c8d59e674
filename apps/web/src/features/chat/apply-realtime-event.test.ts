import { describe, expect, it } from 'vitest';
import type { Chat, Message, Paged, RealtimeEvent } from '@sapa/contracts';
import { parseRealtimeFrame } from '@sapa/contracts';
import { createQueryClient } from '../../lib/query-client';
import { at, makeChat, makeMessage } from '../../test/chat-fixtures';
import { applyRealtimeEvent } from './apply-realtime-event';
import { flattenChats, type ChatPages } from '../../resources/chat/chat-list-cache';
import { chatKeys, EMPTY_CHAT_FILTER } from '../../resources/chat/chat-keys';
import { flattenMessages, type MessagePages } from '../../resources/chat/message-cache';

const infinite = <T>(docs: T[]) => ({ pages: [{ docs, hasNextPage: false } as Paged<T>], pageParams: [1] });

function setup() {
  const queryClient = createQueryClient();
  const a = makeChat({
    _id: 'a',
    lastMessage: { sendAt: at(30), text: 'A', type: 'text', isFromMe: false, status: 'read' },
  });
  const b = makeChat({
    _id: 'b',
    lastMessage: { sendAt: at(20), text: 'B', type: 'text', isFromMe: false, status: 'read' },
  });
  const unreadFilter = { ...EMPTY_CHAT_FILTER, status: 'unread' as const };
  queryClient.setQueryData(chatKeys.list(EMPTY_CHAT_FILTER), infinite([a, b]));
  queryClient.setQueryData(chatKeys.list(unreadFilter), infinite<Chat>([]));
  queryClient.setQueryData(
    chatKeys.messages('b'),
    infinite([makeMessage({ chatId: 'b', createdAt: at(20) })]),
  );
  const list = (filter = EMPTY_CHAT_FILTER) =>
    flattenChats(queryClient.getQueryData<ChatPages>(chatKeys.list(filter))).map(
      (c) => `${c._id}:${c.unreadCount}`,
    );
  const messages = () => flattenMessages(queryClient.getQueryData<MessagePages>(chatKeys.messages('b')));
  return { queryClient, b, list, unreadFilter, messages };
}

describe('realtime events patch the caches (spec §7 Realtime)', () => {
  it('a new message moves its chat to the top, joins the open chat, and reaches the unread tab', () => {
    const { queryClient, b, list, unreadFilter, messages } = setup();
    const message: Message = makeMessage({ _id: 'new', chatId: 'b', text: 'Baru', createdAt: at(40) });
    const event: RealtimeEvent = {
      type: 'message.created',
      chat: {
        ...b,
        unreadCount: 1,
        lastMessage: { sendAt: at(40), text: 'Baru', type: 'text', isFromMe: false, status: 'read' },
      },
      message,
    };
    applyRealtimeEvent(queryClient, event, { openChatId: null, visible: true });
    expect(list()).toEqual(['b:1', 'a:0']);
    expect(list(unreadFilter)).toEqual(['b:1']);
    expect(
      messages()
        .map((m) => m.text)
        .at(-1),
    ).toBe('Baru');
  });

  it('keeps the unread count at 0 for the chat open in a visible tab', () => {
    const { queryClient, b, list } = setup();
    const chat = { ...b, unreadCount: 3, lastMessage: { ...b.lastMessage!, sendAt: at(50) } };
    applyRealtimeEvent(
      queryClient,
      { type: 'chat.updated', chat, message: null },
      { openChatId: 'b', visible: true },
    );
    expect(list()).toEqual(['b:0', 'a:0']);
    applyRealtimeEvent(
      queryClient,
      { type: 'chat.updated', chat, message: null },
      { openChatId: 'b', visible: false },
    );
    expect(list()).toEqual(['b:3', 'a:0']);
  });

  it('a status update moves forward only, and a deleted chat leaves the lists', () => {
    const { queryClient, list, messages } = setup();
    const mine = makeMessage({ _id: 'm1', chatId: 'b', isFromMe: true, status: 'read', createdAt: at(25) });
    applyRealtimeEvent(
      queryClient,
      { type: 'message.created', chat: null, message: mine },
      { openChatId: 'b', visible: true },
    );
    applyRealtimeEvent(
      queryClient,
      { type: 'message.updated', chat: null, message: { ...mine, status: 'sent' } },
      { openChatId: 'b', visible: true },
    );
    expect(messages().find((m) => m._id === 'm1')?.status).toBe('read');

    const frame = JSON.stringify(
      JSON.stringify({ type: 'chat.deleted', chat: makeChat({ _id: 'a' }), message: null }),
    );
    const event = parseRealtimeFrame(frame);
    expect(event?.type).toBe('chat.deleted');
    if (event) applyRealtimeEvent(queryClient, event, { openChatId: null, visible: true });
    expect(list()).toEqual(['b:0']);
  });
});
