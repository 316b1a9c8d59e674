import { useCallback, useEffect, useState } from 'react';
import { temporaryId, type SandboxConversation } from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { openReconnectingSocket, socketUrl } from '../../lib/reconnecting-socket';
import { mergeSandboxMessages, parseSandboxFrame, type SandboxMessage } from './sandbox-messages';

export interface SandboxCustomer {
  accountId: string;
  phoneNumber: string;
  name: string;
}

/**
 * The simulated customer's conversation: loaded from /api/sandbox/conversation, then kept live by
 * /ws/sandbox (the business's replies and their ticks). While that socket is open the business's
 * messages count as read by the customer. After a reconnect the conversation loads again.
 */
export function useSandboxConversation({ accountId, phoneNumber, name }: SandboxCustomer) {
  const [messages, setMessages] = useState<SandboxMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [connected, setConnected] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await api.get<SandboxConversation>(
          '/sandbox/conversation',
          { accountId, phoneNumber },
          signal,
        );
        setMessages((current) => mergeSandboxMessages(current, data.messages));
      } catch {
        // A new customer has no conversation yet; the first message starts it.
      } finally {
        if (!signal?.aborted) setLoaded(true);
      }
    },
    [accountId, phoneNumber],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const socket = openReconnectingSocket({
      url: socketUrl('/ws/sandbox', { accountId, phoneNumber }),
      label: 'sandbox',
      onMessage: (data) => {
        const message = parseSandboxFrame(data);
        if (message) setMessages((current) => mergeSandboxMessages(current, [message]));
      },
      onOpen: () => setConnected(true),
      onClose: () => setConnected(false),
      onReconnect: () => void load(),
    });
    return () => {
      controller.abort();
      socket.close();
    };
  }, [accountId, phoneNumber, load]);

  /** POST /api/sandbox/inbound: the customer writes to the business. Throws when refused. */
  const send = useCallback(
    async (text: string) => {
      const localId = `local-${temporaryId()}`;
      const createdAt = new Date().toISOString();
      const local: SandboxMessage = { _id: localId, text, isFromMe: false, status: 'pending', createdAt };
      setMessages((current) => mergeSandboxMessages(current, [local]));
      try {
        const result = await api.post<{ chatId: string; messageId: string }>('/sandbox/inbound', {
          accountId,
          phoneNumber,
          name,
          text,
        });
        setMessages((current) =>
          mergeSandboxMessages(
            current.filter((m) => m._id !== localId),
            [{ ...local, _id: result.messageId, status: 'sent' }],
          ),
        );
      } catch (error) {
        setMessages((current) => current.filter((m) => m._id !== localId));
        throw error;
      }
    },
    [accountId, phoneNumber, name],
  );

  return { messages, loaded, connected, send };
}
