import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { INBOX_EXTRA_MESSAGES as X, type Message } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { chatCaches } from '../../resources/chat/chat-caches';
import { chatKeys } from '../../resources/chat/chat-keys';
import { markMessageFailed, type MessagePages } from '../../resources/chat/message-cache';
import { sendFailureMessage } from './send-failure';
import './inbox-keyboard.css';

/** A failed message the server never stored (its POST failed): its id is still the temporary one. */
export function neverStored(message: Message): boolean {
  return message.temporaryId !== null && message._id === message.temporaryId;
}

/** The open chat's cached messages, with `change` applied to each. */
function mapMessages(queryClient: QueryClient, chatId: string, change: (docs: Message[]) => Message[]) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, docs: change(page.docs) })) } : data,
  );
}

const messagePath = (message: Message) =>
  `/chat/${encodeURIComponent(message.chatId)}/message/${encodeURIComponent(message._id)}`;

/** 'Kirim ulang': the server queues the stored message again; one never stored is posted again. */
async function retry(queryClient: QueryClient, message: Message): Promise<void> {
  if (!neverStored(message)) {
    const again = await api.post<Message>(`${messagePath(message)}/retry`, {});
    chatCaches.writeMessage(queryClient, again);
    return;
  }
  // the same temporaryId: the server stores it once even if the first POST did arrive
  const tmp = message._id;
  mapMessages(queryClient, message.chatId, (docs) =>
    docs.map((m) => (m._id === tmp ? { ...m, status: 'pending', errorMessage: null } : m)),
  );
  try {
    const stored = await api.post<Message>(`/chat/${encodeURIComponent(message.chatId)}/message`, {
      temporaryId: tmp,
      type: 'text',
      text: message.text,
      ...(message.quotedMessageId ? { quotedMessageId: message.quotedMessageId } : {}),
    });
    chatCaches.writeMessage(queryClient, stored, tmp);
  } catch (error) {
    queryClient.setQueryData<MessagePages>(chatKeys.messages(message.chatId), (data) =>
      markMessageFailed(data, tmp, sendFailureMessage(error)),
    );
  }
}

/** 'Hapus': the server deletes the stored failed message; one never stored just leaves the list. */
async function remove(queryClient: QueryClient, message: Message): Promise<void> {
  if (!neverStored(message)) await api.delete(messagePath(message));
  mapMessages(queryClient, message.chatId, (docs) => docs.filter((m) => m._id !== message._id));
}

/**
 * Issue 21, attention: under a failed message of mine, 'Kirim ulang' and 'Hapus'. A message never
 * stored can be sent again only when it is text (a picked file is gone); it can always be removed.
 */
export function FailedMessageActions({ message }: { message: Message }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<'retry' | 'remove' | null>(null);
  const canRetry = !neverStored(message) || message.type === 'text';
  const run = async (which: 'retry' | 'remove') => {
    setBusy(which);
    try {
      await (which === 'retry' ? retry(queryClient, message) : remove(queryClient, message));
    } catch (error) {
      toast.show({
        title: 'Gagal',
        message: errorMessage(error, which === 'retry' ? X.retryFailed : X.removeFailed),
        type: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="sapa-failed-actions" data-testid="failed-message-actions">
      {canRetry ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} stroke={1.8} />}
          loading={busy === 'retry'}
          disabled={busy !== null}
          onClick={() => void run('retry')}
          data-testid="message-retry"
        >
          {X.retry}
        </Button>
      ) : null}
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        leftSection={<IconTrash size={14} stroke={1.8} />}
        loading={busy === 'remove'}
        disabled={busy !== null}
        onClick={() => void run('remove')}
        data-testid="message-remove"
      >
        {X.remove}
      </Button>
    </span>
  );
}
