import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INBOX_MESSAGES, LIMITS, type Chat, type ConversationStateBody } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';
import { refreshChatCount } from './refresh-chat-count';

const DONE: Record<ConversationStateBody['state'], string> = {
  open: INBOX_MESSAGES.reopened,
  resolved: INBOX_MESSAGES.resolved,
  snoozed: INBOX_MESSAGES.snoozed,
};

/**
 * PUT /api/chat/:id/state (issue 21): resolve, reopen or snooze. The answer replaces the chat in
 * every cached list (it leaves the views it no longer matches, the open room included) and the room.
 */
export function useConversationState(chatId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: ConversationStateBody) =>
      api.put<Chat>(`/chat/${encodeURIComponent(chatId)}/state`, body),
    onSuccess: (chat, body) => {
      if (chat) chatCaches.writeChat(queryClient, chat, chatId);
      refreshChatCount(queryClient);
      toast.show({
        title: 'Berhasil',
        message: DONE[body.state],
        type: 'success',
        timeout: LIMITS.toastShortTimeoutMs,
      });
    },
    onError: (error) =>
      toast.show({ title: 'Gagal', message: errorMessage(error, INBOX_MESSAGES.notFound), type: 'error' }),
  });
}
