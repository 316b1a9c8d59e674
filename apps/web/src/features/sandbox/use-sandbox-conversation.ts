import { useCallback, useEffect, useRef, useState } from 'react';
import {
  temporaryId,
  type SandboxConversation,
  type SandboxStatus,
  type SandboxStatusList,
  type UploadedMedia,
} from '@sapa/contracts';
import { openReconnectingSocket, socketUrl } from '../../lib/reconnecting-socket';
import { sandboxApi, sandboxSocketAuth } from './sandbox-api';
import {
  deletedForEveryone,
  inboundRequest,
  localMedia,
  mergeSandboxMessages,
  mergeSandboxStatuses,
  outgoingText,
  quoteOf,
  readSandboxFrame,
  type SandboxMessage,
  type SandboxOutgoing,
} from './sandbox-messages';

export interface SandboxCustomer {
  accountId: string;
  phoneNumber: string;
  name: string;
}

/** POST /api/sandbox/media: the customer's file, stored in the business's media. */
export function uploadSandboxFile(accountId: string, file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sandboxApi.post<UploadedMedia>('/sandbox/media', form, { accountId });
}

/**
 * The simulated customer's conversation: loaded from /api/sandbox/conversation, then kept live by
 * /ws/sandbox (the business's replies and their ticks). While that socket is open the business's
 * messages count as read by the customer. After a reconnect the conversation loads again. The same
 * socket brings the statuses the business's number posts: `statuses` (newest first, null while
 * loading) come from /api/sandbox/account/{id}/status, then live.
 */
export function useSandboxConversation({ accountId, phoneNumber, name }: SandboxCustomer) {
  const [messages, setMessages] = useState<SandboxMessage[]>([]);
  const [statuses, setStatuses] = useState<SandboxStatus[] | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [connected, setConnected] = useState(false);
  // local previews of files on their way; let go when the phone closes
  const objectUrls = useRef<string[]>([]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await sandboxApi.get<SandboxConversation>(
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

  const loadStatuses = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await sandboxApi.get<SandboxStatusList>(
          `/sandbox/account/${encodeURIComponent(accountId)}/status`,
          undefined,
          signal,
        );
        // an answer without a feed (an older server) leaves the feed empty, never breaks the chat
        const docs = Array.isArray(data?.docs) ? data.docs : [];
        setStatuses((current) => mergeSandboxStatuses(current ?? [], docs));
      } catch {
        // the feed stays as it is; the next reconnect asks again
        if (!signal?.aborted) setStatuses((current) => current ?? []);
      }
    },
    [accountId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    void loadStatuses(controller.signal);
    const socket = openReconnectingSocket({
      url: socketUrl('/ws/sandbox', { accountId, phoneNumber, ...sandboxSocketAuth() }),
      label: 'sandbox',
      onMessage: (data) => {
        const frame = readSandboxFrame(data);
        if (!frame) return;
        if ('status' in frame) setStatuses((current) => mergeSandboxStatuses(current ?? [], [frame.status]));
        else if ('message' in frame) setMessages((current) => mergeSandboxMessages(current, [frame.message]));
        else void load();
      },
      onOpen: () => setConnected(true),
      onClose: () => setConnected(false),
      onReconnect: () => {
        void load();
        void loadStatuses();
      },
    });
    return () => {
      controller.abort();
      socket.close();
    };
  }, [accountId, phoneNumber, load, loadStatuses]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  /**
   * The customer writes to the business: a pending bubble at once, any file uploaded first
   * (POST /api/sandbox/media), then POST /api/sandbox/inbound, replying to `quoted` when given.
   * Throws when refused (the pending bubble goes away).
   */
  const send = useCallback(
    async (content: SandboxOutgoing, quoted: SandboxMessage | null = null) => {
      const localId = `local-${temporaryId()}`;
      const createdAt = new Date().toISOString();
      let objectUrl: string | null = null;
      if ('file' in content && typeof URL.createObjectURL === 'function') {
        objectUrl = URL.createObjectURL(content.file);
        objectUrls.current.push(objectUrl);
      }
      const local: SandboxMessage = {
        _id: localId,
        type: content.type,
        text: outgoingText(content),
        isFromMe: false,
        status: 'pending',
        createdAt,
        quoted: quoted ? quoteOf(quoted) : null,
        ...localMedia(content, objectUrl),
      };
      setMessages((current) => mergeSandboxMessages(current, [local]));
      try {
        const uploaded = 'file' in content ? await uploadSandboxFile(accountId, content.file) : null;
        const result = await sandboxApi.post<{ chatId: string; messageId: string }>(
          '/sandbox/inbound',
          inboundRequest({ accountId, phoneNumber, name }, content, uploaded?.url ?? null, quoted?._id),
        );
        setMessages((current) =>
          mergeSandboxMessages(
            current.filter((m) => m._id !== localId),
            [{ ...local, _id: result.messageId, status: 'sent' }],
          ),
        );
        // the server's copy: stored urls, thumbnails, durations
        if (content.type !== 'text') void load();
      } catch (error) {
        setMessages((current) => current.filter((m) => m._id !== localId));
        throw error;
      }
    },
    [accountId, phoneNumber, name, load],
  );

  /**
   * The customer deletes one of their messages for everyone (POST /api/sandbox/inbound, type
   * 'deleted'), as on WhatsApp: the bubble then says it was deleted. Throws when refused.
   */
  const remove = useCallback(
    async (message: SandboxMessage) => {
      await sandboxApi.post('/sandbox/inbound', {
        type: 'deleted',
        accountId,
        phoneNumber,
        messageId: message._id,
      });
      setMessages((current) => current.map((m) => (m._id === message._id ? deletedForEveryone(m) : m)));
    },
    [accountId, phoneNumber],
  );

  return { messages, statuses, loaded, connected, send, remove };
}
