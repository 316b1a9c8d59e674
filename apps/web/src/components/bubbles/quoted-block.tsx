import type { QuotedMessage } from '@sapa/contracts';
import { MessageTypeIcon } from '../message-type-icon';
import { quoteSender, quoteText, quoteThumbnail, type QuoteSource } from './quote-summary';
import './bubbles.css';

/** The inside of a quote: who wrote it, its text (or name, or type) and a thumbnail when it has one. */
export function QuoteContent({
  source,
  sender,
  mine,
}: {
  source: QuoteSource;
  sender: string;
  mine: boolean;
}) {
  const thumbnail = quoteThumbnail(source);
  const withIcon = source.type !== 'text';
  return (
    <>
      <span className="sapa-quote-text">
        <span className="sapa-quote-sender" data-mine={mine} data-testid="quoted-sender">
          {sender}
        </span>
        <span className="sapa-quote-line" data-testid="quoted-text">
          {withIcon ? <MessageTypeIcon type={source.type} size={14} /> : null}
          <span className="sapa-quote-clamp">{quoteText(source)}</span>
        </span>
      </span>
      {thumbnail ? (
        <img className="sapa-quote-thumb" src={thumbnail} alt="" aria-hidden data-testid="quoted-thumbnail" />
      ) : null}
    </>
  );
}

/**
 * The message a bubble replies to (spec §2 'Chat room'): sender ('Anda' when it is mine), text and
 * thumbnail. Clicking it asks the list to show the original (`quoted.messageId` is its _id).
 */
export function QuotedBlock({
  quoted,
  onQuoteClick,
}: {
  quoted: QuotedMessage;
  onQuoteClick?: (messageId: string) => void;
}) {
  const sender = quoteSender(quoted.isFromMe, quoted.senderName);
  return (
    <button
      type="button"
      className="sapa-quote"
      data-testid="quoted-block"
      data-mine={quoted.isFromMe}
      title="Lihat pesan yang dibalas"
      onClick={() => onQuoteClick?.(quoted.messageId)}
    >
      <QuoteContent source={quoted} sender={sender} mine={quoted.isFromMe} />
    </button>
  );
}
