import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Chat, type ChatContactBody } from '@sapa/contracts';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { api } from '../../../lib/api-client';
import { chatCaches } from '../../../resources/chat/chat-caches';
import { chatKeys } from '../../../resources/chat/chat-keys';

/** spec §8 toasts of the drawer's actions: 'Berhasil' for 1.5 s, 'Gagal' with the server's word or a fallback. */
function useChatMutation<T>(
  chatId: string,
  call: (input: T) => Promise<Chat | null>,
  done: string,
  fallback: string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: (chat) => {
      if (chat) {
        queryClient.setQueryData(chatKeys.detail(chatId), chat);
        chatCaches.writeChat(queryClient, chat, chatId);
      }
      toast.show({ title: 'Berhasil', message: done, type: 'success', timeout: LIMITS.toastShortTimeoutMs });
    },
    onError: (error) => toast.show({ title: 'Gagal', message: errorMessage(error, fallback), type: 'error' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}

/** PUT /chat/{id}/contact: name, number, note and labels. */
export function useUpdateContact(chatId: string) {
  return useChatMutation(
    chatId,
    (body: ChatContactBody) => api.put<Chat>(`/chat/${encodeURIComponent(chatId)}/contact`, body),
    'Kontak Percakapan berhasil diubah',
    'error update chat contact',
  );
}

/** POST /chat/{id}/assign {agentId} from the drawer's agent picker. */
export function useAssignFromDrawer(chatId: string) {
  return useChatMutation(
    chatId,
    (agentId: string) => api.post<Chat | null>(`/chat/${encodeURIComponent(chatId)}/assign`, { agentId }),
    'Percakapan berhasil diassign',
    'error assign chat',
  );
}

/** POST /chat/{id}/unassign. */
export function useUnassign(chatId: string) {
  return useChatMutation(
    chatId,
    () => api.post<Chat | null>(`/chat/${encodeURIComponent(chatId)}/unassign`),
    'Assign percakapan berhasil dihapus',
    'error unassign chat',
  );
}
