import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Chat } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';
import { chatKeys } from '../../resources/chat/chat-keys';
import { useSession } from '../../lib/use-session';
import { refreshChatCount } from './refresh-chat-count';

/** Whether the signed-in person may take this chat: an agent, and nobody has it yet (spec §4). */
export function canTake(chat: Chat, myAgentId: string | null): boolean {
  return myAgentId !== null && chat.agentId === null;
}

/** 'Ambil' (issue 21): POST /api/chat/:id/assign with the signed-in agent's own id. */
export function useTakeChat() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const myAgentId = useSession()?.user?.agent?._id ?? null;
  const mutation = useMutation({
    mutationFn: (chatId: string) =>
      api.post<Chat | null>(`/chat/${encodeURIComponent(chatId)}/assign`, { agentId: myAgentId }),
    onSuccess: (chat, chatId) => {
      if (chat) chatCaches.writeChat(queryClient, chat, chatId);
      else void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
      refreshChatCount(queryClient);
      toast.show({
        title: 'Berhasil',
        message: 'Percakapan berhasil diassign',
        type: 'success',
        timeout: LIMITS.toastShortTimeoutMs,
      });
    },
    onError: (error) =>
      toast.show({ title: 'Gagal', message: errorMessage(error, 'error assign chat'), type: 'error' }),
  });
  return { ...mutation, myAgentId };
}
