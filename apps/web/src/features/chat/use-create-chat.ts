import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat, NewChatBody } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { chatCaches } from '../../resources/chat/chat-caches';
import { chatKeys } from '../../resources/chat/chat-keys';

/** POST /api/chat/new: starts (or reopens) a chat with a first text; answers the chat. */
export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChatBody) => api.post<Chat>('/chat/new', body),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKeys.detail(chat._id), chat);
      chatCaches.writeChat(queryClient, chat, chat._id);
    },
  });
}
