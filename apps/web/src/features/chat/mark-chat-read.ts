import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';
import { refreshChatCount } from './refresh-chat-count';

/**
 * spec §4 'Opening a chat': the unread count becomes 0 at once, then POST /chat/:id/message/read
 * (the server's chat.updated follows). A failure stays silent.
 */
export function markChatRead(queryClient: QueryClient, chatId: string): void {
  chatCaches.patchChat(queryClient, chatId, (chat) =>
    chat.unreadCount === 0 ? chat : { ...chat, unreadCount: 0 },
  );
  api
    .post(`/chat/${encodeURIComponent(chatId)}/message/read`)
    .then(() => refreshChatCount(queryClient))
    .catch(() => undefined);
}
