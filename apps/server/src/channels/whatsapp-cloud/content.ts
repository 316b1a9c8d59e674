import {
  INTEGRATION_MESSAGES as M,
  MESSAGE_TYPE_NAMES,
  interpolate,
  type MediaObject,
  type MessageType,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { splitDial } from '../whatsapp-web/jid';
import { downloadInboundMedia } from './media';

/** One message of a Cloud API webhook (messages[] or message_echoes[]), as far as Sapa reads it. */
export interface CloudMessage {
  id?: string;
  from?: string;
  from_user_id?: string;
  to?: string;
  to_user_id?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string };
  text?: { body?: string };
  image?: CloudMedia;
  video?: CloudMedia;
  audio?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: {
    name?: { formatted_name?: string; first_name?: string };
    phones?: { phone?: string; wa_id?: string }[];
  }[];
  interactive?: {
    type?: string;
    button_reply?: { title?: string };
    list_reply?: { title?: string; description?: string };
    nfm_reply?: { body?: string; name?: string };
  };
  button?: { text?: string; payload?: string };
  system?: { body?: string };
  errors?: { code?: number; title?: string; message?: string }[];
}

interface CloudMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
}

/** What a webhook message becomes in the inbox (spec §3 types), or 'skip'. */
export interface MappedContent {
  type: MessageType;
  text: string;
  media: MediaObject | null;
}

const MEDIA = ['image', 'video', 'audio', 'document', 'sticker'] as const;
type MediaType = (typeof MEDIA)[number];

/** Types that carry nothing to show (a reaction, the welcome of a first chat, a deleted message). */
const SKIPPED = new Set(['reaction', 'request_welcome', 'ephemeral', 'revoked']);

function unsupported(message: CloudMessage): MappedContent {
  const what = message.errors?.[0]?.title || message.type || 'unknown';
  return { type: 'text', text: interpolate(M['inbound.unsupported'], { type: what }), media: null };
}

/**
 * Maps one Cloud API message onto the spec's types (channels reference §3.2): text; image, video,
 * audio (voice notes too), document and sticker downloaded now into media storage; location;
 * contacts (the first card); interactive and template button replies as the text of their title;
 * a system notice as its text; anything else as a short Indonesian text naming it. A file that
 * cannot be fetched becomes a text saying so, with its caption: the message is never lost.
 */
export async function mapCloudContent(
  ctx: AppContext,
  message: CloudMessage,
  media: { ownerId: string; accountId: string; token: () => string },
): Promise<MappedContent | 'skip'> {
  const type = message.type ?? '';
  if (SKIPPED.has(type)) return 'skip';
  if (message.errors?.length && !message[type as MediaType]) return unsupported(message);
  switch (type) {
    case 'text':
      return { type: 'text', text: message.text?.body ?? '', media: null };
    case 'location': {
      const l = message.location ?? {};
      return {
        type: 'location',
        text: '',
        media: {
          latitude: Number(l.latitude ?? 0),
          longitude: Number(l.longitude ?? 0),
          name: l.name ?? '',
          address: l.address ?? '',
          thumbnail: null,
        },
      };
    }
    case 'contacts': {
      const card = message.contacts?.[0];
      if (!card) return unsupported(message);
      const phone = card.phones?.[0];
      const digits = (phone?.wa_id ?? phone?.phone ?? '').replace(/\D/g, '');
      const name = card.name?.formatted_name || card.name?.first_name || digits;
      return { type: 'contact', text: '', media: { name, ...splitDial(digits) } };
    }
    case 'interactive': {
      const i = message.interactive ?? {};
      const title = i.button_reply?.title ?? i.list_reply?.title ?? i.nfm_reply?.body ?? i.nfm_reply?.name;
      return title ? { type: 'text', text: title, media: null } : unsupported(message);
    }
    case 'button':
      return message.button?.text
        ? { type: 'text', text: message.button.text, media: null }
        : unsupported(message);
    case 'system':
      return message.system?.body ? { type: 'text', text: message.system.body, media: null } : 'skip';
    default:
      break;
  }
  if (!(MEDIA as readonly string[]).includes(type)) return unsupported(message);
  return mapMedia(ctx, type as MediaType, message[type as MediaType] ?? {}, media);
}

async function mapMedia(
  ctx: AppContext,
  type: MediaType,
  file: CloudMedia,
  owner: { ownerId: string; accountId: string; token: () => string },
): Promise<MappedContent> {
  const caption = type === 'audio' || type === 'sticker' ? '' : (file.caption ?? '');
  const stored = file.id
    ? await downloadInboundMedia(ctx, {
        ownerId: owner.ownerId,
        accountId: owner.accountId,
        token: owner.token(),
        mediaId: file.id,
        filename: file.filename ?? null,
      })
    : null;
  if (!stored) {
    const notice = interpolate(M['inbound.mediaFailed'], { type: MESSAGE_TYPE_NAMES[type].toLowerCase() });
    return { type: 'text', text: caption ? `${notice}\n${caption}` : notice, media: null };
  }
  const duration = stored.duration ?? 0;
  switch (type) {
    case 'image':
      return {
        type,
        text: caption,
        media: { url: stored.url, thumbnail: stored.thumbnail, mimetype: stored.mimetype },
      };
    case 'video':
      return {
        type,
        text: caption,
        media: { url: stored.url, thumbnail: stored.thumbnail, duration, mimetype: stored.mimetype },
      };
    case 'audio':
      return { type, text: '', media: { url: stored.url, duration, mimetype: stored.mimetype } };
    case 'document':
      return {
        type,
        text: caption,
        media: {
          url: stored.url,
          name: file.filename || stored.name,
          size: Math.round(stored.size / 1000),
          mimetype: stored.mimetype,
        },
      };
    case 'sticker':
      return { type, text: '', media: { url: stored.url } };
  }
}
