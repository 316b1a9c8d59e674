import { createHash } from 'node:crypto';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from 'baileys';
import {
  WHATSAPP_MESSAGES,
  type AudioMedia,
  type ContactMedia,
  type DocumentMedia,
  type ImageMedia,
  type LocationMedia,
  type StickerMedia,
  type VideoMedia,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { RetryLaterError } from '../../jobs/runner';
import { findMessage, recordExternalId } from '../../modules/chat/kernel';
import { findMediaByUrl } from '../../modules/media/lookup';
import { openMedia } from '../../modules/media/service';
import { PermanentSendError, type AccountRow, type Connector, type MessageRow } from '../connector';
import { jidOfChat } from './jid';
import { releaseSendSlot, waitForSendSlot, type PacingOptions } from './pacing';
import type { WaSocket } from './socket';

export const WHATSAPP_WEB = 'whatsapp-web';

/**
 * The WhatsApp message id of one of our messages: the same on every attempt, so a send repeated after
 * a crash is the same message to WhatsApp (recipients drop a repeated id) and to our receipts.
 * '3EB0' + 16 hex of sha256(message id), upper case: 20 characters like the ids Baileys makes.
 */
export function waMessageId(messageId: string): string {
  return `3EB0${createHash('sha256').update(messageId).digest('hex').slice(0, 16).toUpperCase()}`;
}

/** What the connector needs of the manager: the live socket of a number held by this process. */
export interface SocketSource {
  liveSocket(accountId: string): WaSocket | null;
}

/** vCard with the waid WhatsApp needs to offer "Message"/"Add" (reference §1.6). */
export function vcard(name: string, digits: string): string {
  const safe = name.replace(/[\r\n;]/g, ' ');
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${safe}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`;
}

async function file(ctx: AppContext, ownerId: string, url: string) {
  const row = await findMediaByUrl(ctx.db, ownerId, url);
  if (!row) throw new PermanentSendError(WHATSAPP_MESSAGES.mediaGone);
  const opened = await openMedia(ctx, row.key).catch(() => {
    throw new PermanentSendError(WHATSAPP_MESSAGES.mediaGone);
  });
  return opened;
}

const isVoiceNote = (mimetype: string) => /ogg|opus/i.test(mimetype);

/** Baileys content for one stored message (reference §1.6). */
export async function contentOf(ctx: AppContext, message: MessageRow): Promise<AnyMessageContent> {
  const media = message.media as Record<string, unknown> | null;
  const caption = message.text || undefined;
  switch (message.type) {
    case 'image': {
      const m = media as ImageMedia;
      const f = await file(ctx, message.ownerId, m.url);
      return { image: { stream: f.stream }, caption, mimetype: f.mimetype };
    }
    case 'video': {
      const m = media as VideoMedia;
      const f = await file(ctx, message.ownerId, m.url);
      return { video: { stream: f.stream }, caption, mimetype: f.mimetype };
    }
    case 'audio': {
      const m = media as AudioMedia;
      const f = await file(ctx, message.ownerId, m.url);
      return isVoiceNote(f.mimetype)
        ? { audio: { stream: f.stream }, mimetype: 'audio/ogg; codecs=opus', ptt: true }
        : { audio: { stream: f.stream }, mimetype: f.mimetype };
    }
    case 'document': {
      const m = media as DocumentMedia;
      const f = await file(ctx, message.ownerId, m.url);
      return { document: { stream: f.stream }, mimetype: f.mimetype, fileName: m.name || f.name, caption };
    }
    case 'sticker': {
      const m = media as StickerMedia;
      const f = await file(ctx, message.ownerId, m.url);
      return { sticker: { stream: f.stream } };
    }
    case 'location': {
      const m = media as LocationMedia;
      return {
        location: {
          degreesLatitude: m.latitude,
          degreesLongitude: m.longitude,
          name: m.name || undefined,
          address: m.address || undefined,
        },
      };
    }
    case 'contact': {
      const m = media as ContactMedia;
      const digits = `${m.dial ?? ''}${(m.phoneNumber ?? '').replace(/^0+/, '')}`.replace(/\D/g, '');
      return { contacts: { displayName: m.name, contacts: [{ vcard: vcard(m.name, digits) }] } };
    }
    default:
      return { text: message.text };
  }
}

/** The quoted message Baileys needs for a reply: our stored row, rebuilt as a minimal WAMessage. */
async function quotedOf(ctx: AppContext, jid: string, message: MessageRow): Promise<WAMessage | undefined> {
  if (!message.quotedMessageId) return undefined;
  const q = await findMessage(ctx, message.accountId, message.quotedMessageId);
  if (!q?.externalId) return undefined;
  return {
    key: { remoteJid: jid, id: q.externalId, fromMe: q.isFromMe },
    message: { conversation: q.text },
  } as WAMessage;
}

/** How long a send waits for a number that is reconnecting (a network drop, a phone reboot) before failing. */
export const RECONNECT_WAIT_MS = 15 * 60_000;

/** Only sockets of this process can send; other states of the number decide how the job goes on. */
function notHere(account: AccountRow, message: MessageRow, now: Date): Error {
  if (account.deletedAt || account.status === 'logged_out' || account.status === 'replaced') {
    return new PermanentSendError(WHATSAPP_MESSAGES.notConnected);
  }
  // connected but held by another process: its socket is alive there; come back shortly (see README)
  if (account.status === 'connected') return new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
  // reconnecting or being relinked: wait for it (without using up attempts) for a while, then fail
  if (now.getTime() - message.createdAt.getTime() < RECONNECT_WAIT_MS) {
    return new RetryLaterError(5000, WHATSAPP_MESSAGES.notConnected);
  }
  return new PermanentSendError(WHATSAPP_MESSAGES.notConnected);
}

export function whatsappWebConnector(
  ctx: AppContext,
  source: SocketSource,
  pacing: PacingOptions = {},
): Connector {
  return {
    provider: WHATSAPP_WEB,
    async send(account, chat, message) {
      if (!source.liveSocket(account.id)) throw notHere(account, message, ctx.clock.now());
      const jid = jidOfChat(chat.externalId);
      const id = waMessageId(message.id);
      const quoted = await quotedOf(ctx, jid, message);
      // stored before sending: receipts (and the echo of our own send) may arrive before send() returns
      await recordExternalId(ctx, message.id, id);
      await waitForSendSlot(ctx, account.id, pacing, message.id);
      const sock = source.liveSocket(account.id);
      if (!sock) {
        // nothing went out: the hourly cap gets this send back
        await releaseSendSlot(ctx, message.id);
        throw notHere(account, message, ctx.clock.now());
      }
      const content = await contentOf(ctx, message);
      const options: MiscMessageGenerationOptions = { messageId: id, ...(quoted ? { quoted } : {}) };
      try {
        await sock.sendMessage(jid, content, options);
      } catch (error) {
        const text = error instanceof Error ? error.message : '';
        if (/not-authorized|forbidden|not on whatsapp|invalid jid/i.test(text)) {
          throw new PermanentSendError(WHATSAPP_MESSAGES.sendFailed);
        }
        throw error;
      }
      return { externalId: id };
    },
    async markRead(account, chat, externalIds) {
      const sock = source.liveSocket(account.id);
      if (!sock || !externalIds.length) return;
      const jid = jidOfChat(chat.externalId);
      await sock.readMessages(externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
    },
  };
}
