import type { QueryClient } from '@tanstack/react-query';
import type { Chat, Message } from '@sapa/contracts';
import { patchChat, removeChat, upsertChat, type ChatPages } from './chat-list-cache';
import { chatKeys, type ChatFilter } from './chat-keys';
import { upsertMessage, type MessagePages } from './message-cache';
import { sessionStore } from '../../lib/session-store';

/** Writes to every cached copy of the chat data (lists of each filter, the room, its messages). */
export const chatCaches = {
  /** A newer copy of a chat: each list re-sorts or drops it by its own filter; the room updates. */
  writeChat(queryClient: QueryClient, chat: Chat, keepId: string | null = null): void {
    const myAgentId = sessionStore.get()?.user?.agent?._id ?? null;
    for (const [key] of queryClient.getQueriesData<ChatPages>({ queryKey: chatKeys.lists() })) {
      const filter = key[2] as ChatFilter | undefined;
      if (!filter) continue;
      queryClient.setQueryData<ChatPages>(key, (data) =>
        upsertChat(data, chat, filter, { keepId, myAgentId }),
      );
    }
    if (queryClient.getQueryData(chatKeys.detail(chat._id)) !== undefined) {
      queryClient.setQueryData(chatKeys.detail(chat._id), chat);
    }
  },

  /** Changes a chat where it is, e.g. unread count 0 on opening (no re-sort). */
  patchChat(queryClient: QueryClient, chatId: string, patch: (chat: Chat) => Chat): void {
    queryClient.setQueriesData<ChatPages>({ queryKey: chatKeys.lists() }, (data) =>
      patchChat(data, chatId, patch),
    );
    queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? patch(chat) : chat));
  },

  dropChat(queryClient: QueryClient, chatId: string): void {
    queryClient.setQueriesData<ChatPages>({ queryKey: chatKeys.lists() }, (data) => removeChat(data, chatId));
    queryClient.removeQueries({ queryKey: chatKeys.detail(chatId) });
    queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
  },

  /** A message copy for a loaded chat: replaces its pending or older copy, or joins the newest page. */
  writeMessage(queryClient: QueryClient, message: Message, temporaryId?: string): void {
    queryClient.setQueryData<MessagePages>(chatKeys.messages(message.chatId), (data) =>
      upsertMessage(data, message, temporaryId ?? message.temporaryId),
    );
  },

  /** Any loaded copy of a chat (room first, then the lists). */
  readChat(queryClient: QueryClient, chatId: string): Chat | undefined {
    const detail = queryClient.getQueryData<Chat>(chatKeys.detail(chatId));
    if (detail) return detail;
    for (const [, data] of queryClient.getQueriesData<ChatPages>({ queryKey: chatKeys.lists() })) {
      const chat = data?.pages.flatMap((page) => page.docs).find((c) => c._id === chatId);
      if (chat) return chat;
    }
    return undefined;
  },
};
