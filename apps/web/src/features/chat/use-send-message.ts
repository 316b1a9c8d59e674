import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { t, temporaryId, type Message } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/use-session';
import { WEB_MESSAGES } from '../../lib/web-messages';
import { chatCaches } from './chat-caches';
import { chatKeys } from './chat-keys';
import { markMessageFailed, pendingMessage, type MessagePages } from './message-cache';
import { refreshChatCount } from './refresh-chat-count';

/** The server's own message, or the spec's fallback (spec §8 'Send failure'). */
export function sendFailureMessage(error: unknown): string {
  const fromServer =
    error instanceof ApiError && error.status > 0 && error.message !== WEB_MESSAGES.unexpectedError;
  return fromServer ? error.message : t('chat.sendFailedFallback');
}

export interface SendTextInput {
  chatId: string;
  text: string;
  agent: { _id: string; name: string } | null;
}

/**
 * spec §4 'Sending': a pending copy with a temporary id shows at once (and the chat moves to the
 * top), then POST /chat/:id/message; the answer replaces the pending copy, a failure marks it error.
 */
export async function sendText(queryClient: QueryClient, input: SendTextInput): Promise<void> {
  const tmp = temporaryId();
  const local = pendingMessage({
    chatId: input.chatId,
    temporaryId: tmp,
    text: input.text,
    agent: input.agent,
  });
  chatCaches.writeMessage(queryClient, local, tmp);
  const chat = chatCaches.readChat(queryClient, input.chatId);
  if (chat) {
    const lastMessage = { sendAt: local.createdAt, text: local.text, type: local.type, isFromMe: true };
    chatCaches.writeChat(
      queryClient,
      { ...chat, lastMessage: { ...lastMessage, status: 'pending' } },
      input.chatId,
    );
  }
  try {
    const message = await api.post<Message>(`/chat/${encodeURIComponent(input.chatId)}/message`, {
      temporaryId: tmp,
      type: 'text',
      text: input.text,
    });
    chatCaches.writeMessage(queryClient, message, tmp);
    refreshChatCount(queryClient);
  } catch (error) {
    queryClient.setQueryData<MessagePages>(chatKeys.messages(input.chatId), (data) =>
      markMessageFailed(data, tmp, sendFailureMessage(error)),
    );
  }
}

/** Sends a text in the open chat as the signed-in owner or agent. */
export function useSendMessage(chatId: string): (text: string) => void {
  const queryClient = useQueryClient();
  const agent = useSession()?.user?.agent ?? null;
  return useCallback(
    (text: string) => {
      void sendText(queryClient, {
        chatId,
        text,
        agent: agent ? { _id: agent._id, name: agent.name } : null,
      });
    },
    [queryClient, chatId, agent],
  );
}
