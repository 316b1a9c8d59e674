import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { findChat, type ChatPages } from '../../resources/chat/chat-list-cache';
import { chatKeys } from '../../resources/chat/chat-keys';

/** GET /api/chat/:id, shown at once from the list's copy while it loads. */
export function useChatDetail(chatId: string) {
  const queryClient = useQueryClient();
  return useQuery<Chat>({
    queryKey: chatKeys.detail(chatId),
    queryFn: ({ signal }) => api.get<Chat>(`/chat/${encodeURIComponent(chatId)}`, undefined, signal),
    staleTime: 0,
    retry: false,
    placeholderData: () =>
      findChat(
        queryClient.getQueriesData<ChatPages>({ queryKey: chatKeys.lists() }).map(([, data]) => data),
        chatId,
      ),
  });
}
