import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, CloseButton, Tabs, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import {
  ATTACHMENT_MESSAGES,
  canQuote,
  fileRefusal,
  LIMITS,
  t,
  type AccountType,
  WEB_MESSAGES,
} from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { QuoteContent } from '../../components/bubbles/quoted-block';
import { ChannelIcon } from '../../components/channel-icon';
import { useShareForms } from '../../components/composer/share-forms';
import { SandboxAttach } from './sandbox-attach';
import { SandboxBubble } from './sandbox-bubble';
import { CaptionModal, type CaptionDraft } from './sandbox-forms';
import { SandboxStatusFeed } from './sandbox-status-feed';
import type { SandboxFileKind, SandboxMessage, SandboxOutgoing } from './sandbox-messages';
import { useSandboxConversation, type SandboxCustomer } from './use-sandbox-conversation';

const HIGHLIGHT_MS = 2000;

/**
 * A phone in the customer's hands: the conversation with the business, and the customer's
 * composer with an attach menu of what a customer of this channel can send. On WhatsApp the
 * customer can reply to the business's messages, delete their own for everyone, and see the
 * business's WhatsApp Status posts in a 'Status' tab (a badge counts the ones not seen yet).
 * `channel` is null until the account is known.
 */
export function SandboxChat({
  customer,
  businessName,
  channel,
}: {
  customer: SandboxCustomer;
  businessName: string;
  channel: AccountType | null;
}) {
  const toast = useToast();
  const { messages, statuses, loaded, connected, send, remove } = useSandboxConversation(customer);
  const [tab, setTab] = useState<'chat' | 'status'>('chat');
  const [seenStatuses, setSeenStatuses] = useState<ReadonlySet<string>>(() => new Set());
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<SandboxMessage | null>(null);
  const [draft, setDraft] = useState<CaptionDraft | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const quoting = channel !== null && canQuote(channel);
  const withStatus = channel === 'whatsapp';
  const unseen = statuses?.filter((s) => !seenStatuses.has(s._id)).length ?? 0;

  // what the Status tab shows counts as seen
  useEffect(() => {
    if (tab === 'status' && statuses?.some((s) => !seenStatuses.has(s._id))) {
      setSeenStatuses(new Set(statuses.map((s) => s._id)));
    }
  }, [tab, statuses, seenStatuses]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, loaded]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = window.setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  const failed = useCallback(
    (error: unknown) =>
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, WEB_MESSAGES.unexpectedError),
        type: 'error',
      }),
    [toast],
  );

  /** Sends as the customer, replying to the quoted message if any; a refusal toasts 'Gagal'. */
  const deliver = (content: SandboxOutgoing, onFailure?: () => void) => {
    const quoted = quoting ? replyTo : null;
    setReplyTo(null);
    send(content, quoted).catch((error: unknown) => {
      if (quoted) setReplyTo(quoted);
      onFailure?.();
      failed(error);
    });
    inputRef.current?.focus();
  };
  const { openLocation, openContact, forms } = useShareForms(deliver, 'sandbox-');

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    setText('');
    deliver({ type: 'text', text: value }, () => setText(value));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      setReplyTo(null);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onFile = (kind: SandboxFileKind, file: File) => {
    const refusal = fileRefusal(kind, { size: file.size, mimetype: file.type });
    if (refusal) {
      toast.show({ title: ATTACHMENT_MESSAGES.toastTitle, message: refusal, type: 'info' });
      return;
    }
    // pictures, videos and documents take a caption (the typed text to begin with); the rest go at once
    if (kind === 'image' || kind === 'video' || kind === 'document') {
      setDraft({ kind, file, caption: text.trim() });
    } else {
      deliver({ type: kind, file, caption: '' });
    }
  };

  const sendDraft = (ready: CaptionDraft) => {
    setDraft(null);
    if (ready.caption && ready.caption === text.trim()) setText('');
    deliver({ type: ready.kind, file: ready.file, caption: ready.caption });
  };

  const deleteForEveryone = useCallback(
    (message: SandboxMessage) => {
      remove(message).catch(failed);
    },
    [remove, failed],
  );

  const startReply = useCallback((message: SandboxMessage) => {
    setReplyTo(message);
    inputRef.current?.focus();
  }, []);

  const showQuoted = useCallback((messageId: string) => {
    const bubbles = bodyRef.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [];
    const target = [...bubbles].find((el) => el.dataset.messageId === messageId);
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    setHighlighted(messageId);
  }, []);

  const chatPane = (
    <>
      <div className="sapa-phone-body" role="log" aria-label="Percakapan pelanggan" ref={bodyRef}>
        {loaded && messages.length === 0 ? (
          <Text size="sm" ta="center" c="dimmed" py="xl" px="md">
            Belum ada pesan. Kirim pesan pertama sebagai {customer.name}.
          </Text>
        ) : null}
        {messages.map((message) => (
          <SandboxBubble
            key={message._id}
            message={message}
            businessName={businessName}
            onReply={quoting ? startReply : undefined}
            onQuoteClick={showQuoted}
            onDelete={quoting ? deleteForEveryone : undefined}
            highlighted={highlighted === message._id}
          />
        ))}
        <div ref={endRef} />
      </div>
      {replyTo && quoting ? (
        <div className="sapa-phone-quote" data-testid="sandbox-quote">
          <div className="sapa-quote sapa-quote-static" data-mine={false}>
            <QuoteContent source={replyTo} sender={businessName} mine={false} />
          </div>
          <CloseButton
            size="md"
            radius="xl"
            onClick={() => {
              setReplyTo(null);
              inputRef.current?.focus();
            }}
            aria-label="Batal membalas"
            title="Batal membalas"
            data-testid="sandbox-quote-cancel"
          />
        </div>
      ) : null}
      <form
        className="sapa-phone-composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SandboxAttach
          channel={channel ?? 'whatsapp'}
          disabled={channel === null}
          onFile={onFile}
          onLocation={() => openLocation()}
          onContact={() => openContact()}
        />
        <Textarea
          ref={inputRef}
          style={{ flex: 1 }}
          aria-label="Ketik pesan"
          placeholder="Ketik pesan"
          autosize
          minRows={1}
          radius="xl"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          styles={{ input: { minHeight: LIMITS.composerMinHeightPx, maxHeight: LIMITS.composerMaxHeightPx } }}
        />
        <ActionIcon type="submit" size={40} radius="xl" aria-label="Kirim" disabled={!text.trim()}>
          <IconSend size={20} stroke={1.8} />
        </ActionIcon>
      </form>
    </>
  );

  return (
    <section
      className="sapa-phone"
      aria-label="Ponsel pelanggan"
      data-testid="sandbox-phone"
      data-channel={channel ?? undefined}
    >
      <header className="sapa-phone-head">
        <AppAvatar name={businessName} size={36} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" truncate c="white" data-testid="sandbox-business-name">
            {businessName}
          </Text>
          <Text size="xs" c="rgba(255,255,255,0.9)" data-testid="sandbox-connection">
            {connected ? 'online' : 'menghubungkan...'}
          </Text>
        </div>
        {channel ? (
          <span className="sapa-phone-channel" data-testid="sandbox-channel">
            <ChannelIcon type={channel} size={18} />
          </span>
        ) : null}
      </header>
      {withStatus ? (
        <Tabs
          value={tab}
          onChange={(value) => setTab(value === 'status' ? 'status' : 'chat')}
          className="sapa-phone-tabs"
          classNames={{ list: 'sapa-phone-tablist', panel: 'sapa-phone-panel' }}
        >
          <Tabs.List grow>
            <Tabs.Tab value="chat" data-testid="sandbox-chat-tab">
              Chat
            </Tabs.Tab>
            <Tabs.Tab
              value="status"
              data-testid="sandbox-status-tab"
              aria-label={unseen ? `Status (${unseen} baru)` : 'Status'}
              rightSection={
                unseen ? (
                  <Badge size="sm" circle aria-hidden data-testid="sandbox-status-unseen">
                    {unseen}
                  </Badge>
                ) : null
              }
            >
              Status
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chat">{chatPane}</Tabs.Panel>
          <Tabs.Panel value="status">
            <div className="sapa-phone-body sapa-status-body">
              <SandboxStatusFeed statuses={statuses} businessName={businessName} />
            </div>
          </Tabs.Panel>
        </Tabs>
      ) : (
        chatPane
      )}
      <CaptionModal draft={draft} onClose={() => setDraft(null)} onSend={sendDraft} />
      {forms}
    </section>
  );
}
