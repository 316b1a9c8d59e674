import { useQuery } from '@tanstack/react-query';
import type { ChatCount } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys, type ChatCountView } from '../../resources/chat/chat-keys';

/** GET /api/chat/count: the unread and unreplied badges of the status tabs, over the chats in view. */
export function useChatCount(view: ChatCountView) {
  return useQuery({
    queryKey: chatKeys.countOf(view),
    queryFn: ({ signal }) =>
      api.get<ChatCount>('/chat/count', { state: view.state, assignee: view.assignee || undefined }, signal),
    staleTime: 0,
  });
}
