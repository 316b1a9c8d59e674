import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountType, Message } from '@sapa/contracts';
import { useSession } from '../../lib/use-session';
import { sendContent, type OutgoingContent } from './send-content';

export { sendFailureMessage } from './send-failure';

/** Sends in the open chat as the signed-in owner or agent; `quoted` replies to a message. */
export function useSendMessage(
  chatId: string,
  channel: AccountType,
): (content: OutgoingContent, quoted?: Message | null) => void {
  const queryClient = useQueryClient();
  const agent = useSession()?.user?.agent ?? null;
  return useCallback(
    (content: OutgoingContent, quoted: Message | null = null) => {
      void sendContent(queryClient, {
        chatId,
        channel,
        content,
        quoted,
        agent: agent ? { _id: agent._id, name: agent.name } : null,
      });
    },
    [queryClient, chatId, channel, agent],
  );
}
