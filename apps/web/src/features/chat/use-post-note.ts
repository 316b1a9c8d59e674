import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, NoteBody } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';

/**
 * POST /api/chat/:id/note (issue 21): a private note in the timeline, never sent to the customer.
 * The answer joins the open chat's messages (the realtime copy then replaces it in place).
 */
export function usePostNote(chatId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: NoteBody) => api.post<Message>(`/chat/${encodeURIComponent(chatId)}/note`, body),
    onSuccess: (message) => {
      if (message) chatCaches.writeMessage(queryClient, message);
    },
    onError: (error) =>
      toast.show({ title: 'Gagal', message: errorMessage(error, 'Catatan gagal disimpan'), type: 'error' }),
  });
}
