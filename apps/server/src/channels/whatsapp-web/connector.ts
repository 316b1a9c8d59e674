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
import { reportAccountTrouble } from '../account-events';
import {
  PermanentSendError,
  RESTRICTED_CODES,
  RestrictedSendError,
  type AccountRow,
  type Connector,
  type MessageRow,
  type StatusContent,
} from '../connector';
import { loadBaileys } from './baileys';
import { jidOfChat, jidUser } from './jid';
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

/** How many numbers one onWhatsApp query asks about (reference §1.9: checked in batches). */
export const CHECK_BATCH = 50;

/**
 * WhatsApp's restriction code (463 reach-out timelock, 479) carried by a send's error, else null:
 * a Boom's status code or data, an error code, or the code standing alone in its message.
 */
export function restrictedCodeOf(error: unknown): string | null {
  const e = error as {
    output?: { statusCode?: number };
    data?: unknown;
    code?: unknown;
    message?: unknown;
  } | null;
  const data = e?.data as { code?: unknown; error?: unknown } | string | number | null | undefined;
  const candidates = [
    e?.output?.statusCode,
    e?.code,
    typeof data === 'object' && data ? (data.code ?? data.error) : data,
  ].map((value) => (value === undefined || value === null ? '' : String(value)));
  const inText = typeof e?.message === 'string' ? e.message.match(/\b(463|479)\b/)?.[1] : undefined;
  if (inText) candidates.push(inText);
  return candidates.find((code) => RESTRICTED_CODES.includes(code)) ?? null;
}

/**
 * Restriction codes already reported, by account and WhatsApp message id: a send refused with 463
 * and the same message's ERROR update (messages.update) tell the listeners once. Bounded.
 */
const reported = new WeakMap<AppContext, Set<string>>();
const REPORTED_MAX = 1000;

/** Tells the account-trouble listeners that the number is restricted (once per message). */
export async function reportRestricted(
  ctx: AppContext,
  account: Pick<AccountRow, 'id' | 'ownerId'>,
  code: string,
  waId: string,
): Promise<void> {
  let seen = reported.get(ctx);
  if (!seen) reported.set(ctx, (seen = new Set()));
  const key = `${account.id}:${waId}`;
  if (seen.has(key)) return;
  if (seen.size >= REPORTED_MAX) seen.delete(seen.values().next().value!);
  seen.add(key);
  await reportAccountTrouble(ctx, {
    accountId: account.id,
    ownerId: account.ownerId,
    kind: 'restricted',
    code,
  });
}

/** The restriction's sentence for the message's error and the owner. */
function restrictedError(code: string): RestrictedSendError {
  return new RestrictedSendError(code, `${WHATSAPP_MESSAGES.sendFailed} (${code})`);
}

/** Baileys content of a status post: text (its colour goes in the options), or an image or video with caption. */
async function statusContentOf(
  ctx: AppContext,
  ownerId: string,
  content: StatusContent,
): Promise<AnyMessageContent> {
  if (content.type === 'text') return { text: content.text };
  if (!content.mediaUrl) throw new PermanentSendError(WHATSAPP_MESSAGES.mediaGone);
  const f = await file(ctx, ownerId, content.mediaUrl);
  const caption = content.text || undefined;
  return content.type === 'image'
    ? { image: { stream: f.stream }, caption, mimetype: f.mimetype }
    : { video: { stream: f.stream }, caption, mimetype: f.mimetype };
}

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
    externalIdFor: waMessageId,
    async send(account, chat, message) {
      if (!source.liveSocket(account.id)) throw notHere(account, message, ctx.clock.now());
      const jid = jidOfChat(chat.externalId);
      const id = waMessageId(message.id);
      const quoted = await quotedOf(ctx, jid, message);
      // stored before sending: receipts (and the echo of our own send) may arrive before send() returns
      // (a message stored since externalIdFor has it already)
      if (message.externalId !== id) await recordExternalId(ctx, message.id, id);
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
        // restricted: never retried (a retry is another reach-out); the number's owner is told
        const code = restrictedCodeOf(error);
        if (code) {
          await reportRestricted(ctx, account, code, id);
          throw restrictedError(code);
        }
        const text = error instanceof Error ? error.message : '';
        if (/not-authorized|forbidden|not on whatsapp|invalid jid/i.test(text)) {
          throw new PermanentSendError(WHATSAPP_MESSAGES.sendFailed);
        }
        throw error;
      }
      return { externalId: id };
    },
    async checkNumbers(account, phones) {
      const sock = source.liveSocket(account.id);
      if (!sock) throw new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
      const digitsOf = new Map(phones.map((phone) => [phone, phone.replace(/\D/g, '')]));
      const unique = [...new Set([...digitsOf.values()].filter(Boolean))];
      const registered = new Set<string>();
      for (let i = 0; i < unique.length; i += CHECK_BATCH) {
        const batch = unique.slice(i, i + CHECK_BATCH);
        const live = source.liveSocket(account.id);
        if (!live) throw new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
        const found = await live.onWhatsApp(...batch.map((digits) => `${digits}@s.whatsapp.net`));
        if (!found) throw new Error('onWhatsApp gave no answer');
        // Baileys lists the registered numbers only; an absent one is not on WhatsApp
        for (const { jid, exists } of found) if (exists) registered.add(jidUser(jid));
      }
      return new Map(phones.map((phone) => [phone, registered.has(digitsOf.get(phone)!)]));
    },
    async postStatus(account, id, content, viewers) {
      if (!source.liveSocket(account.id)) {
        // held by another live process: it can post; otherwise the number is not there at its time
        if (account.status === 'connected' && !account.deletedAt) {
          throw new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
        }
        throw new PermanentSendError(WHATSAPP_MESSAGES.notConnected);
      }
      const waId = waMessageId(`status:${id}`);
      await waitForSendSlot(ctx, account.id, pacing, `status:${id}`);
      const sock = source.liveSocket(account.id);
      if (!sock) {
        await releaseSendSlot(ctx, `status:${id}`);
        throw new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
      }
      const own = sock.user?.id
        ? (await loadBaileys()).jidNormalizedUser(sock.user.id)
        : (account.waJid ?? null);
      if (!own) throw new RetryLaterError(3000, WHATSAPP_MESSAGES.notConnected);
      // only those listed see it; the number itself must be listed to see its own post (§1.6)
      const viewerJids = [...new Set(viewers.map((v) => v.replace(/\D/g, '')).filter(Boolean))]
        .map((digits) => `${digits}@s.whatsapp.net`)
        .filter((jid) => jid !== own);
      const body = await statusContentOf(ctx, account.ownerId, content);
      const options: MiscMessageGenerationOptions = {
        messageId: waId,
        statusJidList: [own, ...viewerJids],
        broadcast: true,
        ...(content.type === 'text' && content.backgroundColor
          ? { backgroundColor: content.backgroundColor }
          : {}),
      };
      try {
        await sock.sendMessage('status@broadcast', body, options);
      } catch (error) {
        const code = restrictedCodeOf(error);
        if (code) {
          await reportRestricted(ctx, account, code, waId);
          throw restrictedError(code);
        }
        throw error;
      }
      return { externalId: waId };
    },
    async markRead(account, chat, externalIds) {
      const sock = source.liveSocket(account.id);
      if (!sock || !externalIds.length) return;
      const jid = jidOfChat(chat.externalId);
      await sock.readMessages(externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
    },
  };
}
