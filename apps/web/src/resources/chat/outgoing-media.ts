import { documentSizeKb, type MediaFields, type Message, type QuotedMessage } from '@sapa/contracts';

/** The file kinds a pending bubble can show from a local url. */
export type LocalFileKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/** The media object of a file being sent, shown by its pending bubble until the server's copy arrives. */
export function localFileMedia(kind: LocalFileKind, file: File, url: string): MediaFields {
  const mimetype = file.type || 'application/octet-stream';
  switch (kind) {
    case 'image':
      return { image: { url, thumbnail: null, mimetype } };
    case 'video':
      return { video: { url, thumbnail: null, duration: 0, mimetype } };
    case 'audio':
      return { audio: { url, duration: 0, mimetype } };
    case 'sticker':
      return { sticker: { url } };
    default:
      return { document: { url, name: file.name, size: documentSizeKb(file.size), mimetype } };
  }
}

/** What a quote needs of the message it quotes. */
export type QuoteSource = Pick<
  Message,
  | '_id'
  | 'isFromMe'
  | 'type'
  | 'text'
  | 'image'
  | 'video'
  | 'audio'
  | 'document'
  | 'location'
  | 'contact'
  | 'sticker'
>;

/** A message as a quote (the pending bubble of a reply shows it); the sender's name is left to the view. */
export function quoteOf(message: QuoteSource): QuotedMessage {
  const { _id, isFromMe, type, text, image, video, audio, document, location, contact, sticker } = message;
  return {
    messageId: _id,
    isFromMe,
    senderName: '',
    type,
    text,
    ...{ image, video, audio, document, location, contact, sticker },
  };
}
