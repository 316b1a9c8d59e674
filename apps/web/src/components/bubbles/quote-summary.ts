import { MESSAGE_TYPE_NAMES, type QuotedMessage } from '@sapa/contracts';

/** What a quote needs of a message: a quoted message or a whole one (the composer's). */
export type QuoteSource = Pick<
  QuotedMessage,
  'type' | 'text' | 'image' | 'video' | 'document' | 'location' | 'contact' | 'sticker'
>;

/** The quote's line: its text, else the document, location or contact name, else the type's name. */
export function quoteText(source: QuoteSource): string {
  if (source.type === 'deleted') return MESSAGE_TYPE_NAMES.deleted;
  const text = source.text.trim();
  if (text) return text;
  const name =
    (source.type === 'document' && source.document?.name) ||
    (source.type === 'location' && source.location?.name) ||
    (source.type === 'contact' && source.contact?.name) ||
    '';
  return name || MESSAGE_TYPE_NAMES[source.type];
}

/** A small picture for the quote when the message has one. */
export function quoteThumbnail(source: QuoteSource): string | null {
  switch (source.type) {
    case 'image':
      return source.image?.thumbnail || source.image?.url || null;
    case 'video':
      return source.video?.thumbnail || null;
    case 'sticker':
      return source.sticker?.url || null;
    case 'location':
      return source.location?.thumbnail || null;
    default:
      return null;
  }
}

/** 'Anda' for my own messages, else the sender's name. */
export function quoteSender(isFromMe: boolean, senderName: string): string {
  return isFromMe ? 'Anda' : senderName;
}
