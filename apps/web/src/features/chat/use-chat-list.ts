import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Chat, type Paged } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys, type ChatFilter } from '../../resources/chat/chat-keys';

/** GET /api/chat: one page of the inbox, newest last message first. */
export function fetchChats(filter: ChatFilter, page: number, signal?: AbortSignal): Promise<Paged<Chat>> {
  return api.get<Paged<Chat>>(
    '/chat',
    {
      page,
      limit: LIMITS.chatPageSize,
      search: filter.search || undefined,
      status: filter.status || undefined,
      accountIds: filter.accountIds,
      labelIds: filter.labelIds,
      agentIds: filter.agentIds,
      state: filter.state,
      assignee: filter.assignee || undefined,
    },
    signal,
  );
}

/** The inbox list, 20 at a time; 'Lebih Banyak' loads the next page. Failures stay silent (spec §8). */
export function useChatList(filter: ChatFilter) {
  return useInfiniteQuery({
    queryKey: chatKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchChats(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasNextPage ? all.length + 1 : undefined),
  });
}
