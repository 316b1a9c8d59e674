import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LIMITS, t } from '@sapa/contracts';
import { AppAvatar } from '../../components/app-avatar';
import { DeliveryStatusIcon } from '../../components/delivery-status-icon';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api-error';
import { WEB_MESSAGES } from '../../lib/web-messages';
import type { SandboxMessage } from './sandbox-messages';
import { useSandboxConversation, type SandboxCustomer } from './use-sandbox-conversation';

const clock = (value: string) => {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

function Bubble({ message }: { message: SandboxMessage }) {
  // Here the customer's own messages sit on the right; the business's replies carry their ticks.
  const fromBusiness = message.isFromMe;
  return (
    <div className="sapa-phone-row" data-side={fromBusiness ? 'left' : 'right'}>
      <div
        className="sapa-phone-bubble"
        data-testid="sandbox-message"
        data-from={fromBusiness ? 'business' : 'customer'}
        data-status={message.status}
      >
        <span className="sapa-phone-text">{message.text}</span>
        <span className="sapa-phone-meta">
          <time dateTime={message.createdAt}>{clock(message.createdAt)}</time>
          {fromBusiness || message.status === 'pending' ? (
            <DeliveryStatusIcon status={message.status} size={14} />
          ) : null}
        </span>
      </div>
    </div>
  );
}

/** A WhatsApp-like phone: the conversation with the business, and the customer's composer. */
export function SandboxChat({ customer, businessName }: { customer: SandboxCustomer; businessName: string }) {
  const toast = useToast();
  const { messages, loaded, connected, send } = useSandboxConversation(customer);
  const [text, setText] = useState('');
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, loaded]);

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    setText('');
    send(value).catch((error: unknown) => {
      setText(value);
      toast.show({
        title: t('common.failed'),
        message: errorMessage(error, WEB_MESSAGES.unexpectedError),
        type: 'error',
      });
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <section className="sapa-phone" aria-label="Ponsel pelanggan" data-testid="sandbox-phone">
      <header className="sapa-phone-head">
        <AppAvatar name={businessName} size={36} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" truncate c="white" data-testid="sandbox-business-name">
            {businessName}
          </Text>
          <Text size="xs" c="rgba(255,255,255,0.8)" data-testid="sandbox-connection">
            {connected ? 'online' : 'menghubungkan...'}
          </Text>
        </div>
      </header>
      <div className="sapa-phone-body" role="log" aria-label="Percakapan pelanggan">
        {loaded && messages.length === 0 ? (
          <Text size="sm" ta="center" c="dimmed" py="xl">
            Belum ada pesan. Kirim pesan pertama sebagai {customer.name}.
          </Text>
        ) : null}
        {messages.map((message) => (
          <Bubble key={message._id} message={message} />
        ))}
        <div ref={endRef} />
      </div>
      <form
        className="sapa-phone-composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
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
    </section>
  );
}
