import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatKeys } from '../../resources/chat/chat-keys';

/** POST /api/chat/:id/assign {agentId}: an agent takes an unassigned chat (spec §4, §6). */
export function useAssignChat(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) =>
      api.post<Chat | null>(`/chat/${encodeURIComponent(chatId)}/assign`, { agentId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}
