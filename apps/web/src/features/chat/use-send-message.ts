import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountType, Message } from '@sapa/contracts';
import { useSession } from '../../lib/use-session';
import { sendContent, type OutgoingContent, type SendOutcome } from './send-content';

export { sendFailureMessage } from './send-failure';

/**
 * Sends in the open chat as the signed-in owner or agent; `quoted` replies to a message. The pending
 * bubble shows at once; the promise tells callers that wait (the template picker) how it ended.
 */
export function useSendMessage(
  chatId: string,
  channel: AccountType,
): (content: OutgoingContent, quoted?: Message | null) => Promise<SendOutcome> {
  const queryClient = useQueryClient();
  const agent = useSession()?.user?.agent ?? null;
  return useCallback(
    (content: OutgoingContent, quoted: Message | null = null) => {
      return sendContent(queryClient, {
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
