import type { BaileysEventMap, Contact, WAMessage, proto } from 'baileys';
import { and, eq, sql } from 'drizzle-orm';
import {
  WHATSAPP_MESSAGES,
  type MediaObject,
  type MessageStatus,
  type MessageType,
  type UploadedMedia,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { whatsappContacts } from '../../db/schema';
import { applyStatus, ingestInbound, mergeChats, revokeMessage } from '../../modules/chat/kernel';
import { storeFile } from '../../modules/media/service';
import { RESTRICTED_CODES } from '../connector';
import { loadBaileys } from './baileys';
import { reportRestricted } from './connector';
import { chatExternalId, isIgnoredJid, isLid, isPhoneJid, jidUser, splitDial } from './jid';
import type { WaSocket } from './socket';

/** What inbound handling needs of a live number. */
export interface InboundSession {
  accountId: string;
  ownerId: string;
  sock: WaSocket;
  /** profile picture urls by JID (null: none or refused), fetched once per session */
  pictures: Map<string, string | null>;
}

interface Mapped {
  type: MessageType;
  text: string;
  media: MediaObject | null;
  quotedExternalId: string | null;
}

const MEDIA_TYPES = ['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage'];

function seconds(value: WAMessage['messageTimestamp']): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value.toString());
}

function isGone(error: unknown): boolean {
  const status = (error as { output?: { statusCode?: number } } | null)?.output?.statusCode;
  const text = error instanceof Error ? error.message : String(error);
  return status === 404 || status === 410 || /\b(404|410)\b|gone/i.test(text);
}

/** Downloads a media message; on an expired CDN link asks the phone to upload it again, once. */
async function download(session: InboundSession, message: WAMessage): Promise<Buffer> {
  try {
    return await session.sock.downloadMedia(message);
  } catch (error) {
    if (!isGone(error)) throw error;
    const refreshed = await session.sock.updateMediaMessage(message);
    return session.sock.downloadMedia(refreshed);
  }
}

/** vCard -> {name, dial, phoneNumber}: the waid, else the first TEL. */
export function parseVcard(
  displayName: string,
  vcard: string,
): { name: string; dial: string; phoneNumber: string } {
  const waid = vcard.match(/waid=(\d+)/i)?.[1];
  const tel = vcard.match(/^TEL[^:]*:(.+)$/im)?.[1];
  const digits = waid ?? (tel ? tel.replace(/\D/g, '') : '');
  const fn = vcard.match(/^FN[^:]*:(.+)$/im)?.[1]?.trim();
  return { name: displayName || fn || digits, ...splitDial(digits) };
}

async function mapContent(
  ctx: AppContext,
  session: InboundSession,
  message: WAMessage,
): Promise<Mapped | 'skip' | { revoke: string }> {
  const { normalizeMessageContent, getContentType, proto } = await loadBaileys();
  const content = normalizeMessageContent(message.message);
  if (!content) return 'skip';
  const kind = getContentType(content);
  if (!kind) return 'skip';
  if (kind === 'protocolMessage') {
    const p = content.protocolMessage;
    if (p?.type === proto.Message.ProtocolMessage.Type.REVOKE && p.key?.id) return { revoke: p.key.id };
    return 'skip';
  }
  const inner = content[kind] as
    | ({ contextInfo?: proto.IContextInfo | null; caption?: string | null } & Record<string, unknown>)
    | string
    | null
    | undefined;
  const contextInfo = typeof inner === 'object' && inner ? inner.contextInfo : null;
  const quotedExternalId = contextInfo?.stanzaId ?? null;
  const caption =
    typeof inner === 'object' && inner && typeof inner.caption === 'string' ? inner.caption : '';

  switch (kind) {
    case 'conversation':
      return { type: 'text', text: content.conversation ?? '', media: null, quotedExternalId };
    case 'extendedTextMessage':
      return { type: 'text', text: content.extendedTextMessage?.text ?? '', media: null, quotedExternalId };
    case 'locationMessage':
    case 'liveLocationMessage': {
      const l = (content.locationMessage ?? content.liveLocationMessage) as proto.Message.ILocationMessage;
      return {
        type: 'location',
        text: '',
        media: {
          latitude: l.degreesLatitude ?? 0,
          longitude: l.degreesLongitude ?? 0,
          name: l.name ?? '',
          address: l.address ?? '',
          thumbnail: l.jpegThumbnail?.length
            ? `data:image/jpeg;base64,${Buffer.from(l.jpegThumbnail).toString('base64')}`
            : null,
        },
        quotedExternalId,
      };
    }
    case 'contactMessage': {
      const c = content.contactMessage!;
      return {
        type: 'contact',
        text: '',
        media: parseVcard(c.displayName ?? '', c.vcard ?? ''),
        quotedExternalId,
      };
    }
    case 'contactsArrayMessage': {
      const first = content.contactsArrayMessage?.contacts?.[0];
      if (!first) return 'skip';
      return {
        type: 'contact',
        text: '',
        media: parseVcard(first.displayName ?? '', first.vcard ?? ''),
        quotedExternalId,
      };
    }
    default:
      break;
  }
  if (!MEDIA_TYPES.includes(kind)) return 'skip'; // reactions, polls, calls, ... are not messages here
  const media = inner as {
    mimetype?: string | null;
    fileName?: string | null;
    seconds?: number | null;
    ptt?: boolean | null;
  };
  const type = kind.replace('Message', '') as 'image' | 'video' | 'audio' | 'document' | 'sticker';
  let stored: UploadedMedia;
  try {
    const bytes = await download(session, message);
    stored = await storeFile(ctx, session.ownerId, {
      name: media.fileName ?? '',
      declaredMimetype: (media.mimetype ?? '').split(';')[0]!.trim(),
      buffer: bytes,
    });
  } catch (err) {
    ctx.log.warn({ err, accountId: session.accountId, id: message.key.id }, 'whatsapp media not kept');
    const text = caption ? `${WHATSAPP_MESSAGES.mediaGone}\n${caption}` : WHATSAPP_MESSAGES.mediaGone;
    return { type: 'text', text, media: null, quotedExternalId };
  }
  const duration = stored.duration ?? media.seconds ?? 0;
  switch (type) {
    case 'image':
      return {
        type,
        text: caption,
        media: { url: stored.url, thumbnail: stored.thumbnail, mimetype: stored.mimetype },
        quotedExternalId,
      };
    case 'video':
      return {
        type,
        text: caption,
        media: { url: stored.url, thumbnail: stored.thumbnail, duration, mimetype: stored.mimetype },
        quotedExternalId,
      };
    case 'audio':
      return {
        type,
        text: '',
        media: { url: stored.url, duration, mimetype: stored.mimetype },
        quotedExternalId,
      };
    case 'document':
      return {
        type,
        text: caption,
        media: {
          url: stored.url,
          name: media.fileName || stored.name,
          size: Math.round(stored.size / 1000),
          mimetype: stored.mimetype,
        },
        quotedExternalId,
      };
    case 'sticker':
      return { type, text: '', media: { url: stored.url }, quotedExternalId };
  }
}

/** The phone JID of a LID, from what Baileys or our contacts know; null when unknown. */
async function phoneOfLid(ctx: AppContext, session: InboundSession, lid: string): Promise<string | null> {
  try {
    const pn = await session.sock.signalRepository?.lidMapping?.getPNForLID(lid);
    if (isPhoneJid(pn)) return pn;
  } catch {
    // unknown to the signal store
  }
  const [row] = await ctx.db
    .select({ jid: whatsappContacts.jid })
    .from(whatsappContacts)
    .where(
      and(eq(whatsappContacts.accountId, session.accountId), eq(whatsappContacts.lid, `${jidUser(lid)}@lid`)),
    )
    .limit(1);
  return isPhoneJid(row?.jid) ? row.jid : null;
}

async function contactName(ctx: AppContext, accountId: string, jid: string): Promise<string> {
  const [row] = await ctx.db
    .select({ name: whatsappContacts.name, notify: whatsappContacts.notify })
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.accountId, accountId), eq(whatsappContacts.jid, jid)))
    .limit(1);
  return row?.name || row?.notify || '';
}

/** Best effort, once per JID per session, never holding up a message for more than 3 s. */
async function picture(session: InboundSession, jid: string): Promise<string | null> {
  if (session.pictures.has(jid)) return session.pictures.get(jid) ?? null;
  session.pictures.set(jid, null);
  const url = await Promise.race([
    session.sock.profilePictureUrl(jid, 'image').catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000).unref()),
  ]);
  session.pictures.set(jid, url ?? null);
  return url ?? null;
}

/** One message of 'messages.upsert' (notify or append) into the inbox; skips what Sapa does not show. */
export async function ingestWaMessage(
  ctx: AppContext,
  session: InboundSession,
  message: WAMessage,
): Promise<void> {
  const key = message.key;
  const remote = key.remoteJid;
  if (!remote || !key.id || isIgnoredJid(remote) || !message.message) return;
  const mapped = await mapContent(ctx, session, message);
  if (mapped === 'skip') return;
  if ('revoke' in mapped)
    return revokeMessage(ctx, { accountId: session.accountId, externalId: mapped.revoke });

  let jid = remote;
  if (isLid(remote)) {
    const alt = (key as { remoteJidAlt?: string | null }).remoteJidAlt;
    jid = (isPhoneJid(alt) ? alt : null) ?? (await phoneOfLid(ctx, session, remote)) ?? remote;
    if (jid !== remote) await upsertContacts(ctx, session.accountId, [{ id: jid, lid: remote }]);
  }
  const phone = isPhoneJid(jid) ? jidUser(jid) : '';
  if (!key.fromMe && message.pushName) {
    await upsertContacts(ctx, session.accountId, [{ id: jid, notify: message.pushName }]);
  }
  const name = (await contactName(ctx, session.accountId, jid)) || message.pushName || phone || jidUser(jid);
  const sentAt = new Date((seconds(message.messageTimestamp) || ctx.clock.now().getTime() / 1000) * 1000);
  await ingestInbound(
    ctx,
    {
      accountId: session.accountId,
      externalId: key.id,
      contact: { externalId: chatExternalId(jid), name, phone, picture: await picture(session, jid) },
      type: mapped.type,
      text: mapped.text,
      media: mapped.media,
      quotedExternalId: mapped.quotedExternalId,
      sentAt,
    },
    { fromMe: key.fromMe === true },
  );
}

/** Contacts from contacts.upsert/update, history sync and push names (reference §1.5). */
export async function upsertContacts(
  ctx: AppContext,
  accountId: string,
  contacts: Partial<Contact>[],
): Promise<void> {
  const now = ctx.clock.now();
  for (const c of contacts) {
    if (!c.id || isIgnoredJid(c.id)) continue;
    const pn = isPhoneJid(c.id) ? c.id : isPhoneJid(c.phoneNumber) ? c.phoneNumber : null;
    const lid = isLid(c.id) ? c.id : isLid(c.lid) ? c.lid : null;
    const jid = pn ?? lid;
    if (!jid) continue;
    const name = c.name || c.verifiedName || '';
    const notify = c.notify || '';
    await ctx.db
      .insert(whatsappContacts)
      .values({
        accountId,
        jid,
        lid,
        phoneNumber: pn ? jidUser(pn) : '',
        name: name || notify,
        notify,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [whatsappContacts.accountId, whatsappContacts.jid],
        set: {
          lid: sql`coalesce(excluded.lid, ${whatsappContacts.lid})`,
          // a name saved on the phone wins over push names
          name: name
            ? sql`excluded.name`
            : sql`case when ${whatsappContacts.name} = '' or ${whatsappContacts.name} = ${whatsappContacts.notify} then excluded.name else ${whatsappContacts.name} end`,
          notify: notify ? sql`excluded.notify` : whatsappContacts.notify,
          updatedAt: now,
        },
      });
    if (pn && lid) await mergeLid(ctx, accountId, lid, pn);
  }
}

/**
 * A LID's phone number became known: the LID is forgotten as a contact, and its chat takes the phone
 * number as external id or merges into the phone number's chat (pitfalls §4).
 */
export async function mergeLid(ctx: AppContext, accountId: string, lid: string, pn: string): Promise<void> {
  const lidId = `${jidUser(lid)}@lid`;
  const phone = jidUser(pn);
  await ctx.db
    .delete(whatsappContacts)
    .where(and(eq(whatsappContacts.accountId, accountId), eq(whatsappContacts.jid, lidId)));
  await mergeChats(ctx, {
    accountId,
    fromExternalId: lidId,
    toExternalId: phone,
    phone,
    placeholderName: jidUser(lid),
  });
}

const STATUS_OF: Record<number, MessageStatus> = { 0: 'error', 2: 'sent', 3: 'unread', 4: 'read', 5: 'read' };

/**
 * messages.update: 1:1 delivery statuses of our messages, forward only (reference §1.8). An ERROR
 * with a restriction code (463/479 in messageStubParameters[0]) also tells the account-trouble
 * listeners that the number is restricted (once per message).
 */
export async function applyMessageUpdates(
  ctx: AppContext,
  session: Pick<InboundSession, 'accountId' | 'ownerId'>,
  updates: BaileysEventMap['messages.update'],
): Promise<void> {
  const { accountId } = session;
  for (const { key, update } of updates) {
    if (!key.id || !key.fromMe || update.status === null || update.status === undefined) continue;
    const to = STATUS_OF[update.status];
    if (!to) continue;
    const code = update.messageStubParameters?.[0];
    const errorMessage = to === 'error' ? `${WHATSAPP_MESSAGES.sendFailed}${code ? ` (${code})` : ''}` : null;
    await applyStatus(ctx, { accountId, externalId: key.id }, to, errorMessage);
    if (to === 'error' && code && RESTRICTED_CODES.includes(String(code))) {
      await reportRestricted(ctx, { id: accountId, ownerId: session.ownerId }, String(code), key.id);
    }
  }
}

/** message-receipt.update: per-participant receipts; the first one moves the message (reference §1.8). */
export async function applyReceipts(
  ctx: AppContext,
  accountId: string,
  receipts: BaileysEventMap['message-receipt.update'],
): Promise<void> {
  for (const { key, receipt } of receipts) {
    if (!key.id) continue;
    const to: MessageStatus | null =
      receipt.readTimestamp || receipt.playedTimestamp ? 'read' : receipt.receiptTimestamp ? 'unread' : null;
    if (to) await applyStatus(ctx, { accountId, externalId: key.id }, to);
  }
}
