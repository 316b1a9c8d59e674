import {
  ATTACHMENT_MESSAGES,
  documentSizeKb,
  fileRefusal,
  isMediaKey,
  type MediaFields,
  type MediaObject,
  type MessageContent,
  type MessageType,
} from '@sapa/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findMediaByUrl, mediaUrl } from '../media/lookup';

/** What a message or template stores: its type, text (or caption) and the media object of its type. */
export interface ResolvedContent {
  type: MessageType;
  text: string;
  media: MediaObject | null;
}

/**
 * Turns what a client sent into stored content. Files are referred to by the url POST /chat/media
 * answered; their type, size, thumbnail and duration come from what the server found in the bytes,
 * never from the client, and must suit the message type (spec §5).
 */
export async function resolveContent(
  db: Db | Tx,
  ownerId: string,
  content: MessageContent,
): Promise<ResolvedContent> {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text, media: null };
    case 'location':
      return {
        type: 'location',
        text: content.text,
        media: { ...content.location, thumbnail: null },
      };
    case 'contact':
      return { type: 'contact', text: content.text, media: { ...content.contact } };
    default: {
      const ref =
        content.type === 'image'
          ? content.image
          : content.type === 'video'
            ? content.video
            : content.type === 'audio'
              ? content.audio
              : content.type === 'document'
                ? content.document
                : content.sticker;
      const file = await findMediaByUrl(db, ownerId, ref.url);
      if (!file) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.fileMissing);
      const refusal = fileRefusal(content.type, { size: file.size, mimetype: file.mimetype });
      if (refusal) throw new AppError('VALIDATION', refusal);
      const url = mediaUrl(file.key);
      const media: MediaObject =
        content.type === 'image'
          ? { url, thumbnail: file.thumbnail, mimetype: file.mimetype }
          : content.type === 'video'
            ? { url, thumbnail: file.thumbnail, duration: file.duration ?? 0, mimetype: file.mimetype }
            : content.type === 'audio'
              ? { url, duration: file.duration ?? 0, mimetype: file.mimetype }
              : content.type === 'document'
                ? {
                    url,
                    name: content.document.name || file.name,
                    size: documentSizeKb(file.size),
                    mimetype: file.mimetype,
                  }
                : { url };
      return { type: content.type, text: content.text, media };
    }
  }
}

/** The media object of a stored row under the key of its type, as messages and templates carry it. */
export function mediaField(type: string, media: unknown): MediaFields {
  if (!media || !isMediaKey(type)) return {};
  return { [type]: media } as MediaFields;
}
