import { memo } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { formatClock, MESSAGE_TYPE_NAMES } from '@sapa/contracts';
import { DeliveryStatusIcon } from '../../components/delivery-status-icon';
import { mediaBody } from '../../components/bubbles/media-body';
import { QuotedBlock } from '../../components/bubbles/quoted-block';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { customerSideQuote, deletable, type SandboxMessage } from './sandbox-messages';

function Caption({ text }: { text: string }) {
  return text ? <span className="sapa-phone-text sapa-phone-caption">{text}</span> : null;
}

/** A type whose media object is missing: its name and any caption. */
function Fallback({ message }: { message: SandboxMessage }) {
  return (
    <>
      <span className="sapa-phone-media" data-testid="sandbox-message-media">
        <MessageTypeIcon type={message.type} size={18} />
        {MESSAGE_TYPE_NAMES[message.type]}
      </span>
      <Caption text={message.text} />
    </>
  );
}

function Body({ message }: { message: SandboxMessage }) {
  const caption = <Caption text={message.text} />;
  switch (message.type) {
    case 'text':
      return <span className="sapa-phone-text">{message.text}</span>;
    case 'deleted':
      return <span className="sapa-phone-deleted">{MESSAGE_TYPE_NAMES.deleted}</span>;
    default:
      break;
  }
  return mediaBody(message, caption) ?? <Fallback message={message} />;
}

/** Whether the customer can reply to this message: the business's, delivered, on WhatsApp. */
export function replyable(message: SandboxMessage): boolean {
  return (
    message.isFromMe &&
    message.type !== 'deleted' &&
    (message.status === 'sent' || message.status === 'unread' || message.status === 'read')
  );
}

export interface SandboxBubbleProps {
  message: SandboxMessage;
  businessName: string;
  /** Starts a reply (offered on the business's messages when the channel can quote). */
  onReply?: (message: SandboxMessage) => void;
  onQuoteClick?: (messageId: string) => void;
  /** Deletes the customer's own message for everyone (offered on their stored messages). */
  onDelete?: (message: SandboxMessage) => void;
  highlighted?: boolean;
}

/**
 * One message on the customer's phone: the customer's own on the right, the business's on the left
 * with its ticks; each type drawn by the inbox's bubbles, a reply with the quoted message above.
 */
export const SandboxBubble = memo(function SandboxBubble({
  message,
  businessName,
  onReply,
  onQuoteClick,
  onDelete,
  highlighted = false,
}: SandboxBubbleProps) {
  const fromBusiness = message.isFromMe;
  const bare = message.type === 'sticker' && !!message.sticker && !message.quoted;
  const media = message.type !== 'text' && message.type !== 'deleted';
  return (
    <div className="sapa-phone-row" data-side={fromBusiness ? 'left' : 'right'}>
      <div className="sapa-phone-line">
        <div
          className="sapa-phone-bubble"
          data-testid="sandbox-message"
          data-from={fromBusiness ? 'business' : 'customer'}
          data-status={message.status}
          data-type={message.type}
          data-message-id={message._id}
          data-media={media || undefined}
          data-bare={bare || undefined}
          data-highlighted={highlighted || undefined}
        >
          {message.quoted ? (
            <QuotedBlock
              quoted={customerSideQuote(message.quoted, businessName)}
              onQuoteClick={onQuoteClick}
            />
          ) : null}
          <Body message={message} />
          <span className="sapa-phone-meta">
            <time dateTime={message.createdAt}>{formatClock(message.createdAt)}</time>
            {fromBusiness || message.status === 'pending' ? (
              <DeliveryStatusIcon status={message.status} size={14} spinner />
            ) : null}
          </span>
        </div>
        {onReply && replyable(message) ? (
          <ActionIcon
            className="sapa-reply-button"
            variant="default"
            radius="xl"
            size="md"
            onClick={() => onReply(message)}
            aria-label="Balas pesan"
            title="Balas"
            data-testid="sandbox-reply"
          >
            <IconArrowBackUp size={16} stroke={1.8} />
          </ActionIcon>
        ) : null}
        {onDelete && deletable(message) ? (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                className="sapa-reply-button"
                variant="default"
                radius="xl"
                size="md"
                aria-label="Menu pesan"
                title="Menu pesan"
                data-testid="sandbox-message-menu"
              >
                <IconChevronDown size={16} stroke={1.8} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} stroke={1.8} />}
                onClick={() => onDelete(message)}
                data-testid="sandbox-delete-for-everyone"
              >
                Hapus untuk semua orang
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </div>
    </div>
  );
});
