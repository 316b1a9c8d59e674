import { memo } from 'react';
import { MESSAGE_TYPE_NAMES, type Message } from '@sapa/contracts';
import { formatClock } from './chat-dates';
import { DeliveryStatusIcon } from '../../components/delivery-status-icon';
import { MessageTypeIcon } from './message-type-icon';

function Body({ message }: { message: Message }) {
  if (message.isDeleted || message.type === 'deleted') {
    return <span className="sapa-bubble-deleted">{MESSAGE_TYPE_NAMES.deleted}</span>;
  }
  if (message.type === 'text') return <span className="sapa-bubble-text">{message.text}</span>;
  // Media bubbles arrive with the media issue; until then the type's name and any caption.
  return (
    <>
      <span className="sapa-bubble-media" data-testid="message-media">
        <MessageTypeIcon type={message.type} size={18} />
        {MESSAGE_TYPE_NAMES[message.type]}
      </span>
      {message.text ? <span className="sapa-bubble-text">{message.text}</span> : null}
    </>
  );
}

/**
 * One message (spec §2 'Chat room'): mine on the right in the brand tint with its delivery status,
 * theirs on the left in white; a failed message shows its error under the bubble.
 */
export const MessageBubble = memo(function MessageBubble({ message }: { message: Message }) {
  const mine = message.isFromMe;
  const failed = message.status === 'error';
  return (
    <div className="sapa-bubble-row" data-mine={mine}>
      <div
        className="sapa-bubble"
        data-testid="message-bubble"
        data-mine={mine}
        data-status={message.status}
        data-message-id={message._id}
        data-type={message.type}
      >
        {mine && message.agent ? <span className="sapa-bubble-agent">{message.agent.name}</span> : null}
        <Body message={message} />
        <span className="sapa-bubble-meta">
          <time dateTime={message.createdAt}>{formatClock(message.createdAt)}</time>
          {mine ? <DeliveryStatusIcon status={message.status} size={15} spinner /> : null}
        </span>
      </div>
      {mine && failed ? (
        <span className="sapa-bubble-error" data-testid="message-error">
          {message.errorMessage || 'Gagal'}
        </span>
      ) : null}
    </div>
  );
});
