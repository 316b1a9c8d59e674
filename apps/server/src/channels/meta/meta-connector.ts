import {
  ATTACHMENT_MESSAGES,
  INTEGRATION_MESSAGES as M,
  interpolate,
  t,
  type ContactMedia,
  type LocationMedia,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { findMediaByUrl } from '../../modules/media/lookup';
import { openMedia } from '../../modules/media/service';
import {
  PermanentSendError,
  type AccountRow,
  type ChatRow,
  type Connector,
  type MessageRow,
} from '../connector';
import { graph, GraphError } from './graph';
import { linkOf, markTokenInvalid, type ChannelLinkRow } from './link-store';
import { ownSendsOf, sendMetadata } from './own-sends';
import { sendFailureOf } from './send-errors';

export const META_PROVIDER = 'meta';

const HOUR_MS = 60 * 60 * 1000;
/** Messenger and Instagram: replies within 24 h of the person's last message (reference §2.7). */
export const STANDARD_WINDOW_MS = 24 * HOUR_MS;
/** The HUMAN_AGENT tag: a human may answer up to 7 days after it. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS;

/**
 * How a reply may go out now (reference §2.7, chatwoot#15887): RESPONSE within 24 h of the person's
 * last message; from 24 h to 7 days only a human's reply ('message', not an automatic one) on a Page
 * with the Human Agent permission, tagged HUMAN_AGENT; otherwise it is refused here, before Meta
 * refuses it. A chat the person never wrote in is left to Meta to judge.
 */
export function messagingTypeFor(
  chat: Pick<ChatRow, 'fromSenderAt'>,
  message: Pick<MessageRow, 'kind'>,
  link: Pick<ChannelLinkRow, 'humanAgent'>,
  now: number,
): { messaging_type: 'RESPONSE' } | { messaging_type: 'MESSAGE_TAG'; tag: 'HUMAN_AGENT' } {
  if (!chat.fromSenderAt) return { messaging_type: 'RESPONSE' };
  const age = now - chat.fromSenderAt.getTime();
  if (age < STANDARD_WINDOW_MS) return { messaging_type: 'RESPONSE' };
  if (link.humanAgent && age < HUMAN_AGENT_WINDOW_MS) {
    if (message.kind === 'message') return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
    throw new PermanentSendError(interpolate(M.windowClosedMessenger, { hours: 24 }));
  }
  if (link.humanAgent) throw new PermanentSendError(interpolate(M.windowClosedMessenger, { hours: 168 }));
  throw new PermanentSendError(M['send.outsideWindow']);
}

type SendApiMessage = { text: string } | { attachment: { type: string; payload: { attachment_id: string } } };

/** Attachment ids by Page and media key: uploads are reusable, so a file goes to Meta once. */
const uploads = new WeakMap<AppContext, Map<string, string>>();
const MAX_UPLOADS = 5_000;

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Our files are not public (GET /api/media/{key} lives behind the app), so media go up first: POST
 * /{page-id}/message_attachments as multipart with is_reusable, answering an attachment_id the
 * message then names.
 */
async function uploadAttachment(
  ctx: AppContext,
  account: AccountRow,
  link: ChannelLinkRow,
  token: string,
  url: string,
  type: 'image' | 'video' | 'audio' | 'file',
): Promise<string> {
  const file = await findMediaByUrl(ctx.db, account.ownerId, url);
  if (!file) throw new PermanentSendError(M['send.mediaGone']);
  const pageId = link.parentId ?? link.externalId;
  let known = uploads.get(ctx);
  if (!known) uploads.set(ctx, (known = new Map()));
  const cacheKey = `${pageId}:${file.key}:${type}`;
  const cached = known.get(cacheKey);
  if (cached) return cached;
  const opened = await openMedia(ctx, file.key).catch(() => {
    throw new PermanentSendError(M['send.mediaGone']);
  });
  const bytes = await readAll(opened.stream);
  const form = new FormData();
  form.append('message', JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
  if (link.kind === 'instagram') form.append('platform', 'instagram');
  form.append('filedata', new Blob([bytes], { type: opened.mimetype }), opened.name || 'lampiran');
  const answer = await graph<{ attachment_id?: string }>(ctx.config.meta, {
    method: 'POST',
    path: `/${pageId}/message_attachments`,
    body: form,
    token,
    timeoutMs: 60_000,
  });
  if (!answer.attachment_id) throw new Error(interpolate(M['send.failed'], { reason: 'attachment_id' }));
  if (known.size >= MAX_UPLOADS) known.delete(known.keys().next().value!);
  known.set(cacheKey, answer.attachment_id);
  return answer.attachment_id;
}

/**
 * The Send API messages of one stored message, in order. Media with a caption go as two (spec §5:
 * the text, then the media); location and contact cards cannot be sent on these channels
 * (reference §2.4) and go as text; Instagram sends no documents.
 */
async function partsOf(
  ctx: AppContext,
  account: AccountRow,
  link: ChannelLinkRow,
  token: string,
  message: MessageRow,
): Promise<{ message: SendApiMessage; caption: boolean }[]> {
  const media = (message.media ?? null) as Record<string, unknown> | null;
  const text = message.text.trim();
  switch (message.type) {
    case 'text':
      return [{ message: { text: message.text }, caption: false }];
    case 'location': {
      const l = media as LocationMedia;
      const place = [l.name, l.address].filter(Boolean).join(', ');
      const maps = `https://maps.google.com/?q=${l.latitude},${l.longitude}`;
      return [{ message: { text: [text, place, maps].filter(Boolean).join('\n') }, caption: false }];
    }
    case 'contact': {
      const c = media as ContactMedia;
      const lines = [text, c.name, c.phoneNumber ? `+${c.dial}${c.phoneNumber}` : ''];
      return [{ message: { text: lines.filter(Boolean).join('\n') }, caption: false }];
    }
    case 'image':
    case 'sticker':
    case 'video':
    case 'audio':
    case 'document': {
      if (message.type === 'document' && link.kind === 'instagram')
        throw new PermanentSendError(ATTACHMENT_MESSAGES.instagram);
      const type = message.type === 'document' ? 'file' : message.type === 'sticker' ? 'image' : message.type;
      const url = typeof media?.url === 'string' ? media.url : '';
      const attachmentId = await uploadAttachment(ctx, account, link, token, url, type);
      const parts: { message: SendApiMessage; caption: boolean }[] = [];
      if (text) parts.push({ message: { text }, caption: true });
      parts.push({
        message: { attachment: { type, payload: { attachment_id: attachmentId } } },
        caption: false,
      });
      return parts;
    }
    default:
      throw new PermanentSendError(ATTACHMENT_MESSAGES.typeInvalid);
  }
}

/**
 * The Messenger and Instagram connector (issue 25 part 4): a stored message goes to POST
 * /{page-id}/messages with the Page token, to the person's PSID or IGSID, as RESPONSE or (a human's
 * reply on a Human Agent Page) HUMAN_AGENT. Meta's message id becomes the message's external id,
 * which the echo, delivery and read webhooks then find.
 */
async function send(
  ctx: AppContext,
  account: AccountRow,
  chat: ChatRow,
  message: MessageRow,
): Promise<{ externalId: string }> {
  // its echo came first and named it (Messenger's metadata): it went out already
  if (message.externalId) return { externalId: message.externalId };
  let linked: Awaited<ReturnType<typeof linkOf>>;
  try {
    linked = await linkOf(ctx, account.id);
  } catch {
    throw new PermanentSendError(M.secretKeyMissing);
  }
  if (!linked) throw new PermanentSendError(t('chat.accountDisconnected'));
  const { link, token } = linked;
  if (link.tokenInvalidAt) throw new PermanentSendError(M['send.tokenInvalid']);
  const how = messagingTypeFor(chat, message, link, ctx.clock.now().getTime());
  const pageId = link.parentId ?? link.externalId;
  const own = ownSendsOf(ctx);
  own.begin(account.id, chat.externalId);
  try {
    const parts = await partsOf(ctx, account, link, token, message);
    let externalId = '';
    for (const part of parts) {
      const body = {
        recipient: { id: chat.externalId },
        ...how,
        message:
          link.kind === 'messenger'
            ? { ...part.message, metadata: sendMetadata(message.id, part.caption) }
            : part.message,
      };
      const answer = await graph<{ message_id?: string }>(ctx.config.meta, {
        method: 'POST',
        path: `/${pageId}/messages`,
        body,
        token,
      });
      if (!answer.message_id) throw new Error(interpolate(M['send.failed'], { reason: 'message_id' }));
      own.remember(answer.message_id);
      externalId = answer.message_id;
    }
    return { externalId };
  } catch (error) {
    const failure = sendFailureOf(error);
    if (failure.tokenInvalid) await markTokenInvalid(ctx, account.id);
    throw failure.error;
  } finally {
    own.end(account.id, chat.externalId);
  }
}

/** Tells the person their messages were seen (sender_action mark_seen): best effort, never throws. */
async function markRead(ctx: AppContext, account: AccountRow, chat: ChatRow): Promise<void> {
  try {
    const linked = await linkOf(ctx, account.id);
    if (!linked || linked.link.tokenInvalidAt) return;
    await graph(ctx.config.meta, {
      method: 'POST',
      path: `/${linked.link.parentId ?? linked.link.externalId}/messages`,
      body: { recipient: { id: chat.externalId }, sender_action: 'mark_seen' },
      token: linked.token,
      timeoutMs: 5_000,
    });
  } catch (err) {
    if (err instanceof GraphError && err.tokenInvalid)
      await markTokenInvalid(ctx, account.id).catch(() => undefined);
    ctx.log.info(
      { accountId: account.id, code: err instanceof GraphError ? err.code : null },
      'meta mark_seen not sent',
    );
  }
}

/** The connector of accounts with provider 'meta' (Messenger Pages and Instagram accounts). */
export function metaConnector(ctx: AppContext): Connector {
  return {
    provider: META_PROVIDER,
    send: (account, chat, message) => send(ctx, account, chat, message),
    markRead: (account, chat) => markRead(ctx, account, chat),
  };
}
