import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Message, type Paged } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys } from '../../resources/chat/chat-keys';

/** GET /api/chat/:id/message: page 1 is the newest 20, page 2 the 20 before, ... */
export function fetchMessages(chatId: string, page: number, signal?: AbortSignal): Promise<Paged<Message>> {
  return api.get<Paged<Message>>(
    `/chat/${encodeURIComponent(chatId)}/message`,
    { page, limit: LIMITS.messagePageSize },
    signal,
  );
}

/**
 * The open chat's messages. spec §4 'Opening a chat': the list and its paging start afresh each
 * time a chat opens, so nothing is kept once the room closes (gcTime 0).
 */
export function useChatMessages(chatId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => fetchMessages(chatId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasNextPage ? all.length + 1 : undefined),
    staleTime: 0,
    gcTime: 0,
  });
}
