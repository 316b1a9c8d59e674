import { memo } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import {
  INTEGRATION_MESSAGES,
  MESSAGE_TYPE_NAMES,
  canQuote,
  formatClock,
  formatRupiah,
  pricingCategoryName,
  type AccountType,
  type Message,
} from '@sapa/contracts';
import { DeliveryStatusIcon } from '../../components/delivery-status-icon';
import { useConfig } from '../../lib/use-config';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { mediaBody } from '../../components/bubbles/media-body';
import { QuotedBlock } from '../../components/bubbles/quoted-block';
import '../../components/bubbles/bubbles.css';
import { AutoReplyLabel } from './note-bubble';
import { FailedMessageActions } from './failed-message-actions';
import { MessageText } from './message-text';

export interface MessageBubbleProps {
  message: Message;
  /** The chat's channel: the reply action exists on WhatsApp only. Defaults to 'whatsapp'. */
  channel?: AccountType;
  /** Starts a reply to this message (shown only where the channel can quote). */
  onReply?: (message: Message) => void;
  /** Asked to show the quoted original, by its _id in this chat. */
  onQuoteClick?: (messageId: string) => void;
  /** Briefly marks the bubble the user jumped to. */
  highlighted?: boolean;
}

function isDeleted(message: Message): boolean {
  return message.isDeleted || message.type === 'deleted';
}

function Caption({ text }: { text: string }) {
  return text ? (
    <span className="sapa-bubble-text sapa-bubble-caption">
      <MessageText text={text} />
    </span>
  ) : null;
}

/** The type's name and any caption: for a type without its media object. */
function Fallback({ message }: { message: Message }) {
  return (
    <>
      <span className="sapa-bubble-media" data-testid="message-media">
        <MessageTypeIcon type={message.type} size={18} />
        {MESSAGE_TYPE_NAMES[message.type]}
      </span>
      <Caption text={message.text} />
    </>
  );
}

function Body({ message }: { message: Message }) {
  if (isDeleted(message)) {
    return <span className="sapa-bubble-deleted">{MESSAGE_TYPE_NAMES.deleted}</span>;
  }
  const caption = <Caption text={message.text} />;
  switch (message.type) {
    case 'text':
      return (
        <span className="sapa-bubble-text">
          <MessageText text={message.text} />
        </span>
      );
    case 'story':
      return (
        <>
          <span className="sapa-bubble-media sapa-bubble-story" data-testid="bubble-story">
            <MessageTypeIcon type="story" size={18} />
            {MESSAGE_TYPE_NAMES.story}
          </span>
          {caption}
        </>
      );
    default:
      break;
  }
  return mediaBody(message, caption) ?? <Fallback message={message} />;
}

/**
 * WhatsApp Cloud API (issue 25): the category Meta bills the message under, small and quiet, with
 * its price when the operator set one (Pengaturan > Situs).
 */
function PricingBadge({ category }: { category: string }) {
  const name = pricingCategoryName(category);
  const prices = useConfig().data?.cloudPrices;
  const price = prices && category in prices ? prices[category as keyof typeof prices] : 0;
  const text = price > 0 ? `${name} · ${formatRupiah(price)}` : name;
  return (
    <span
      className="sapa-bubble-pricing"
      title={`${INTEGRATION_MESSAGES.pricingLabel}: ${text}`}
      data-testid="pricing-badge"
    >
      <span className="sapa-visually-hidden">{INTEGRATION_MESSAGES.pricingLabel}: </span>
      {text}
    </span>
  );
}

/**
 * One message (spec §2 'Chat room'): mine on the right in the brand tint with its delivery status,
 * theirs on the left in white; each type has its own body, a reply shows the quoted message above
 * it, and a failed message shows its error under the bubble. On WhatsApp a 'Balas' button appears
 * beside the bubble on hover or keyboard focus. A Cloud API message shows its pricing category.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  channel = 'whatsapp',
  onReply,
  onQuoteClick,
  highlighted = false,
}: MessageBubbleProps) {
  const mine = message.isFromMe;
  const failed = message.status === 'error';
  const deleted = isDeleted(message);
  const bare = !deleted && message.type === 'sticker' && !!message.sticker && !message.quoted;
  const replyable =
    !!onReply && canQuote(channel) && !deleted && message.status !== 'pending' && message.status !== 'error';
  return (
    <div className="sapa-bubble-row" data-mine={mine}>
      <div className="sapa-bubble-line">
        <div
          className="sapa-bubble"
          data-testid="message-bubble"
          data-mine={mine}
          data-status={message.status}
          data-message-id={message._id}
          data-type={message.type}
          data-deleted={deleted || undefined}
          data-bare={bare || undefined}
          data-highlighted={highlighted || undefined}
        >
          {message.kind === 'auto' ? <AutoReplyLabel /> : null}
          {mine && message.agent ? <span className="sapa-bubble-agent">{message.agent.name}</span> : null}
          {message.quoted && !deleted ? (
            <QuotedBlock quoted={message.quoted} onQuoteClick={onQuoteClick} />
          ) : null}
          <Body message={message} />
          <span className="sapa-bubble-meta">
            {message.pricingCategory ? <PricingBadge category={message.pricingCategory} /> : null}
            <time dateTime={message.createdAt}>{formatClock(message.createdAt)}</time>
            {mine ? <DeliveryStatusIcon status={message.status} size={15} spinner /> : null}
          </span>
        </div>
        {replyable ? (
          <ActionIcon
            className="sapa-reply-button"
            variant="default"
            radius="xl"
            size="md"
            onClick={() => onReply?.(message)}
            aria-label="Balas pesan"
            title="Balas"
            data-testid="reply-button"
          >
            <IconArrowBackUp size={16} stroke={1.8} />
          </ActionIcon>
        ) : null}
      </div>
      {mine && failed ? (
        <>
          <span className="sapa-bubble-error" data-testid="message-error">
            {message.errorMessage || 'Gagal'}
          </span>
          <FailedMessageActions message={message} />
        </>
      ) : null}
    </div>
  );
});
