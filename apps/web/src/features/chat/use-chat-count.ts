import { useQuery } from '@tanstack/react-query';
import type { ChatCount } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys } from '../../resources/chat/chat-keys';

/** GET /api/chat/count: the unread and unreplied badges of the status tabs. */
export function useChatCount() {
  return useQuery({
    queryKey: chatKeys.count(),
    queryFn: ({ signal }) => api.get<ChatCount>('/chat/count', undefined, signal),
    staleTime: 0,
  });
}
