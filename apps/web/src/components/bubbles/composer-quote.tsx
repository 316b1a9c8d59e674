import { CloseButton } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { QuoteContent } from './quoted-block';
import { quoteSender } from './quote-summary';
import './bubbles.css';

export interface ComposerQuoteProps {
  /** The message being replied to. */
  message: Message;
  /** Who wrote it when it is not mine, e.g. the chat's contact name. */
  senderName?: string;
  /** Stops replying ('x', aria-label 'Batal membalas'). */
  onCancel: () => void;
}

/** Above the composer while replying (WhatsApp only): the quoted message and a button to cancel. */
export function ComposerQuote({ message, senderName = 'Pelanggan', onCancel }: ComposerQuoteProps) {
  const sender = quoteSender(message.isFromMe, senderName);
  return (
    <div className="sapa-composer-quote" data-testid="composer-quote">
      <div className="sapa-quote sapa-quote-static" data-mine={message.isFromMe}>
        <QuoteContent source={message} sender={sender} mine={message.isFromMe} />
      </div>
      <CloseButton
        size="md"
        radius="xl"
        onClick={onCancel}
        aria-label="Batal membalas"
        title="Batal membalas"
        data-testid="composer-quote-cancel"
      />
    </div>
  );
}
