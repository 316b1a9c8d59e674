import type { ReactNode } from 'react';
import type { MediaFields, MessageType } from '@sapa/contracts';
import { AudioPlayer } from './audio-player';
import { ContactBubble } from './contact-bubble';
import { DocumentBubble } from './document-bubble';
import { ImageBubble } from './image-bubble';
import { LocationBubble } from './location-bubble';
import { StickerBubble } from './sticker-bubble';
import { VideoBubble } from './video-bubble';

/**
 * The bubble of a media message (image, video, audio, document, location, contact, sticker) with its
 * caption under it; null for other types or when the media object is missing (callers then show the
 * type's name). Shared by the inbox and the customer simulator, which style captions their own way.
 */
export function mediaBody(
  message: MediaFields & { type: MessageType; text: string },
  caption: ReactNode,
): ReactNode | null {
  const withCaption = (bubble: ReactNode) => (
    <>
      {bubble}
      {caption}
    </>
  );
  switch (message.type) {
    case 'image':
      return message.image ? withCaption(<ImageBubble image={message.image} caption={message.text} />) : null;
    case 'video':
      return message.video ? withCaption(<VideoBubble video={message.video} caption={message.text} />) : null;
    case 'audio':
      return message.audio ? withCaption(<AudioPlayer audio={message.audio} />) : null;
    case 'document':
      return message.document ? withCaption(<DocumentBubble document={message.document} />) : null;
    case 'location':
      return message.location ? withCaption(<LocationBubble location={message.location} />) : null;
    case 'contact':
      return message.contact ? withCaption(<ContactBubble contact={message.contact} />) : null;
    case 'sticker':
      return message.sticker ? <StickerBubble sticker={message.sticker} /> : null;
    default:
      return null;
  }
}
