import {
  INTEGRATION_MESSAGES as M,
  LIMITS,
  interpolate,
  type MediaObject,
  type MessageType,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { storeFile } from '../../modules/media/service';
import type { AccountRow } from '../connector';
import { graphDownload } from './graph';

/**
 * What a Messenger or Instagram message holds, as the inbox stores it (channels reference §2.3):
 * its text, then each attachment as a part of its own - files already in media storage, links as
 * text - so one mid may become several messages (the first keeps the mid, the others mid#1, #2...).
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** An object's id as text ('sender', 'recipient', an entry), or ''. */
export const idOf = (value: unknown): string =>
  isObject(value) && (typeof value.id === 'string' || typeof value.id === 'number') ? String(value.id) : '';

/** One part of a message: a text, a media file, a location. */
export interface Part {
  type: MessageType;
  text: string;
  media: MediaObject | null;
}

/** Whose message it is: the channel (for its name in texts) and the account (files are its owner's). */
interface Owner {
  kind: 'messenger' | 'instagram';
  account: Pick<AccountRow, 'id' | 'ownerId'>;
}

/** The Indonesian word for what a customer sent, in 'Pelanggan mengirim {type}, tetapi...'. */
const TYPE_WORDS: Record<string, string> = { image: 'gambar', video: 'video', audio: 'audio', file: 'file' };

/** How many parts partsOf makes of a message: its text (with a story it answers), then each attachment. */
export function partCount(message: Json): number {
  if (message.is_unsupported === true) return 1;
  const story =
    isObject(message.reply_to) && isObject(message.reply_to.story) && !!str(message.reply_to.story.url);
  const text = str(message.text) || story ? 1 : 0;
  const attachments = Array.isArray(message.attachments) ? message.attachments.filter(isObject).length : 0;
  return Math.max(1, text + attachments);
}

/** The parts of a customer's (or an echoed) message, files already in media storage. */
export async function partsOf(ctx: AppContext, scope: Owner, message: Json): Promise<Part[]> {
  const app = scope.kind === 'instagram' ? 'Instagram' : 'Messenger';
  if (message.is_unsupported === true)
    return [{ type: 'text', text: interpolate(M['inbound.metaUnsupported'], { app }), media: null }];
  const parts: Part[] = [];
  let text = str(message.text);
  const story =
    isObject(message.reply_to) && isObject(message.reply_to.story) ? message.reply_to.story : null;
  if (story && str(story.url)) {
    const reply = interpolate(M['inbound.storyReply'], { url: str(story.url) });
    text = text ? `${reply}\n${text}` : reply;
  }
  if (text) parts.push({ type: 'text', text, media: null });
  const attachments = Array.isArray(message.attachments) ? message.attachments : [];
  for (const attachment of attachments) {
    if (isObject(attachment)) parts.push(await attachmentPart(ctx, scope, attachment));
  }
  if (!parts.length)
    parts.push({ type: 'text', text: interpolate(M['inbound.metaUnsupported'], { app }), media: null });
  return parts;
}

/**
 * One attachment (reference §2.3). Files are downloaded at once (their urls are temporary) into
 * media storage, and typed by their bytes; a sticker is an image; links (share, reel, story
 * mention, fallback) are text. A file that cannot be fetched still leaves a message saying so.
 */
async function attachmentPart(ctx: AppContext, scope: Owner, attachment: Json): Promise<Part> {
  const type = str(attachment.type);
  const payload = isObject(attachment.payload) ? attachment.payload : {};
  const url = str(payload.url);
  switch (type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
      return fileOf(ctx, scope, type, url);
    case 'share':
      return { type: 'text', text: interpolate(M['inbound.share'], { url }), media: null };
    case 'reel':
    case 'ig_reel':
      return {
        type: 'text',
        text: [str(payload.title), interpolate(M['inbound.reel'], { url })].filter(Boolean).join('\n'),
        media: null,
      };
    case 'story_mention':
      return { type: 'text', text: interpolate(M['inbound.storyMention'], { url }), media: null };
    case 'fallback':
      return {
        type: 'text',
        text: [str(payload.title) || str(attachment.title), url].filter(Boolean).join('\n'),
        media: null,
      };
    case 'location': {
      const at = isObject(payload.coordinates) ? payload.coordinates : {};
      const latitude = Number(at.lat);
      const longitude = Number(at.long);
      if (Number.isFinite(latitude) && Number.isFinite(longitude))
        return {
          type: 'location',
          text: '',
          media: { latitude, longitude, name: str(attachment.title), address: '', thumbnail: null },
        };
      break;
    }
    default:
      break;
  }
  const app = scope.kind === 'instagram' ? 'Instagram' : 'Messenger';
  return { type: 'text', text: interpolate(M['inbound.metaUnsupported'], { app }), media: null };
}

/** A file Meta points at, downloaded now into media storage; a text saying so when it cannot be. */
async function fileOf(ctx: AppContext, scope: Owner, type: string, url: string): Promise<Part> {
  const failed: Part = {
    type: 'text',
    text: interpolate(M['inbound.metaMediaFailed'], { type: TYPE_WORDS[type] ?? 'file' }),
    media: null,
  };
  if (!/^https?:\/\//i.test(url)) return failed;
  try {
    const { bytes, contentType } = await graphDownload(url, { maxBytes: LIMITS.maxAttachmentBytes });
    let name = '';
    try {
      name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    } catch {
      name = '';
    }
    const stored = await storeFile(ctx, scope.account.ownerId, {
      name: type === 'file' ? name : '',
      declaredMimetype: contentType.split(';')[0]!.trim(),
      buffer: bytes,
    });
    const mimetype = stored.mimetype;
    if (mimetype.startsWith('image/'))
      return { type: 'image', text: '', media: { url: stored.url, thumbnail: stored.thumbnail, mimetype } };
    if (mimetype.startsWith('video/'))
      return {
        type: 'video',
        text: '',
        media: { url: stored.url, thumbnail: stored.thumbnail, duration: stored.duration ?? 0, mimetype },
      };
    if (mimetype.startsWith('audio/'))
      return {
        type: 'audio',
        text: '',
        media: { url: stored.url, duration: stored.duration ?? 0, mimetype },
      };
    return {
      type: 'document',
      text: '',
      media: { url: stored.url, name: name || stored.name, size: Math.round(stored.size / 1000), mimetype },
    };
  } catch (err) {
    ctx.log.warn({ accountId: scope.account.id, err: (err as Error).message }, 'meta attachment not kept');
    return failed;
  }
}
