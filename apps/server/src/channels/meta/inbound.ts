import type { AppContext } from '../../context';
import { open } from '../../lib/secret-box';
import {
  applyStatus,
  applyStatusUpTo,
  findMessage,
  findMessageByExternalId,
  ingestInbound,
  recordExternalId,
  revokeMessage,
} from '../../modules/chat/kernel';
import type { AccountRow } from '../connector';
import { idOf, isObject, partCount, partsOf, str, type Json } from './inbound-content';
import { accountForExternal, type ChannelLinkRow } from './link-store';
import { ownSendsOf, parseSendMetadata } from './own-sends';
import { contactProfile } from './profile';
import { META_WEBHOOK_JOB, onMetaWebhook, type MetaDelivery } from './webhook';

/** One webhook entry's account: who it belongs to, with the Page token (null if it cannot be read). */
interface Scope {
  kind: 'messenger' | 'instagram';
  object: string;
  entryId: string;
  account: AccountRow;
  link: ChannelLinkRow;
  token: string | null;
}

/** An echo of our own send may come before the Send API answers: looked at again this much later. */
const ECHO_RETRY_MS = 5_000;
/** ...this many times at most (two minutes), then it is no longer an answer that is on its way. */
const ECHO_RETRIES = 24;
const DEFERRALS = 'sapa_deferrals';

/**
 * The processing of Messenger ('page') and Instagram ('instagram') webhook deliveries (issue 25
 * part 3), registered once when the app is built. The 'meta.webhook' job runs it after the route
 * verified the signature.
 */
export function registerMetaInbound(ctx: AppContext): void {
  onMetaWebhook(ctx, 'page', (delivery) => processDelivery(ctx, 'messenger', delivery));
  onMetaWebhook(ctx, 'instagram', (delivery) => processDelivery(ctx, 'instagram', delivery));
}

/**
 * Every entry of one delivery: each is routed by its id (a Page id, an Instagram account id) to the
 * one live account that linked it - an id nobody linked is logged and dropped, so a webhook for one
 * tenant's Page never reaches another. Items are handled one by one; should one fail (the database
 * away), the others still go in and the job is retried as a whole: a replay stores nothing twice
 * (dedupe on the mid) and moves no status backwards.
 */
async function processDelivery(
  ctx: AppContext,
  kind: 'messenger' | 'instagram',
  delivery: MetaDelivery,
): Promise<void> {
  let failure: unknown = null;
  for (const raw of delivery.entry) {
    if (!isObject(raw) || !idOf(raw)) {
      ctx.log.warn({ object: delivery.object }, 'meta webhook entry without an id dropped');
      continue;
    }
    const entryId = idOf(raw);
    const found = await accountForExternal(ctx, kind, entryId);
    if (!found) {
      ctx.log.info({ kind, entryId }, 'meta webhook for an account no tenant linked dropped');
      continue;
    }
    // a token Meta refused is not tried again (profiles fall back to the channel's name)
    let token: string | null = null;
    if (!found.link.tokenInvalidAt) {
      try {
        token = open(ctx.config, found.link.tokenSealed);
      } catch {
        ctx.log.warn({ accountId: found.account.id }, 'meta link token cannot be opened');
      }
    }
    const scope: Scope = { kind, object: delivery.object, entryId, ...found, token };
    const items = Array.isArray(raw.messaging) ? raw.messaging : [];
    for (const item of items) {
      try {
        await processItem(ctx, scope, item);
      } catch (err) {
        failure = err;
        ctx.log.error(
          { err, accountId: found.account.id },
          'meta webhook item failed; the delivery is retried',
        );
      }
    }
    if (Array.isArray(raw.standby) && raw.standby.length)
      ctx.log.info(
        { accountId: found.account.id, count: raw.standby.length },
        'meta standby items (another app holds the thread) not stored',
      );
    if (Array.isArray(raw.changes) && raw.changes.length)
      ctx.log.info({ accountId: found.account.id }, 'meta webhook changes (not messaging) ignored');
  }
  if (failure) throw failure;
}

/** One messaging item, by what it carries; a shape we do not know is logged (never a crash). */
async function processItem(ctx: AppContext, scope: Scope, item: unknown): Promise<void> {
  if (!isObject(item)) return;
  const known = ['message', 'delivery', 'read', 'postback', 'reaction'].find((key) => isObject(item[key]));
  switch (known) {
    case 'message':
      return onMessage(ctx, scope, item, item.message as Json);
    case 'delivery':
      return onDelivery(ctx, scope, item, item.delivery as Json);
    case 'read':
      return onRead(ctx, scope, item, item.read as Json);
    case 'postback':
      return onPostback(ctx, scope, item, item.postback as Json);
    case 'reaction': {
      // the inbox keeps no reactions yet: told in the log only
      const reaction = item.reaction as Json;
      ctx.log.info(
        { accountId: scope.account.id, mid: str(reaction.mid), action: str(reaction.action) },
        'meta reaction received (not stored)',
      );
      return;
    }
    default:
      ctx.log.info(
        { accountId: scope.account.id, keys: Object.keys(item).slice(0, 10) },
        'meta webhook item of an unknown shape ignored',
      );
  }
}

/** When Meta says the item happened (ms), else now. */
function sentAtOf(ctx: AppContext, item: Json): Date {
  const at = Number(item.timestamp);
  return Number.isFinite(at) && at > 0 ? new Date(at) : ctx.clock.now();
}

async function onMessage(ctx: AppContext, scope: Scope, item: Json, message: Json): Promise<void> {
  const mid = str(message.mid);
  const echo = message.is_echo === true;
  const personId = idOf(echo ? item.recipient : item.sender);
  if (!mid || !personId) {
    ctx.log.warn({ accountId: scope.account.id }, 'meta message without a mid or a person dropped');
    return;
  }
  const accountId = scope.account.id;
  if (message.is_deleted === true) return revokeMessage(ctx, { accountId, externalId: mid });
  // stored before (a replay, or the echo of our own send): nothing is downloaded again. A message
  // with files is stored part by part, so its last part tells whether all of it is in
  const last = partCount(message) - 1;
  if (await findMessageByExternalId(ctx, accountId, last === 0 ? mid : `${mid}#${last}`)) return;
  if (echo && (await ownEcho(ctx, scope, item, message, mid, personId))) return;

  const parts = await partsOf(ctx, { kind: scope.kind, account: scope.account }, message);
  const profile = await contactProfile(ctx, scope.account, scope.token, personId);
  const replyTo = isObject(message.reply_to) ? str(message.reply_to.mid) : '';
  const sentAt = sentAtOf(ctx, item);
  for (const [n, part] of parts.entries()) {
    await ingestInbound(
      ctx,
      {
        accountId,
        // one mid may carry text and several files: the first part keeps the mid itself
        externalId: n === 0 ? mid : `${mid}#${n}`,
        contact: { externalId: personId, name: profile.name, phone: '', picture: profile.picture },
        type: part.type,
        text: part.text,
        media: part.media,
        quotedExternalId: replyTo || null,
        sentAt,
      },
      { fromMe: echo },
    );
  }
}

/**
 * Whether an echo (reference §2.3) is one of our own sends, which the send job stores with its mid:
 * Messenger echoes our metadata, naming the message (its mid is recorded at once, before the Send
 * API's answer is); otherwise a mid this process got back lately is ours. An echo of our app
 * (its app_id) or of a person a send is under way to, with a mid nobody knows yet, is looked at
 * again a little later, when the send job has stored it. Everything else - the Page answered from
 * Meta Business Suite or the Instagram app - is stored as an outbound message.
 */
async function ownEcho(
  ctx: AppContext,
  scope: Scope,
  item: Json,
  message: Json,
  mid: string,
  personId: string,
): Promise<boolean> {
  const accountId = scope.account.id;
  const ours = parseSendMetadata(message.metadata);
  if (ours) {
    const row = await findMessage(ctx, accountId, ours.messageId);
    if (row) {
      if (!ours.caption && !row.externalId) await recordExternalId(ctx, row.id, mid);
      return true;
    }
  }
  const own = ownSendsOf(ctx);
  if (own.sent(mid)) return true;
  const fromOurApp = String(message.app_id ?? '') === ctx.config.meta.appId && !!ctx.config.meta.appId;
  const deferrals = Number(item[DEFERRALS] ?? 0);
  if ((fromOurApp || own.sending(accountId, personId)) && deferrals < ECHO_RETRIES) {
    await ctx.jobs.enqueue(
      ctx.db,
      META_WEBHOOK_JOB,
      {
        object: scope.object,
        entry: [
          { id: scope.entryId, time: Date.now(), messaging: [{ ...item, [DEFERRALS]: deferrals + 1 }] },
        ],
      },
      { delayMs: ECHO_RETRY_MS },
    );
    return true;
  }
  if (fromOurApp) {
    // ours, yet never answered with this mid (a send repeated after a crash): not stored twice
    ctx.log.warn({ accountId }, 'meta echo of our app with an unknown mid not stored');
    return true;
  }
  return false;
}

/**
 * Messenger's delivery (reference §2.6): the mids named are delivered, and so is everything of the
 * chat sent up to the watermark (mids may be missing). Instagram sends none: its messages stay 'sent'.
 */
async function onDelivery(ctx: AppContext, scope: Scope, item: Json, delivery: Json): Promise<void> {
  const accountId = scope.account.id;
  const mids = Array.isArray(delivery.mids) ? delivery.mids.map(str).filter(Boolean) : [];
  for (const mid of mids) await applyStatus(ctx, { accountId, externalId: mid }, 'unread');
  const watermark = Number(delivery.watermark);
  const personId = idOf(item.sender);
  if (Number.isFinite(watermark) && watermark > 0 && personId)
    await applyStatusUpTo(
      ctx,
      { accountId, contactExternalId: personId, upTo: new Date(watermark) },
      'unread',
    );
}

/**
 * A read: Messenger's watermark (everything sent up to it), Instagram's mid (that message and every
 * earlier one; when the mid is not known yet, the moment it was read stands in for it).
 */
async function onRead(ctx: AppContext, scope: Scope, item: Json, read: Json): Promise<void> {
  const accountId = scope.account.id;
  const personId = idOf(item.sender);
  if (!personId) return;
  let upTo: Date | null = null;
  const mid = str(read.mid);
  if (mid) {
    const message = await findMessageByExternalId(ctx, accountId, mid);
    upTo = message ? message.createdAt : sentAtOf(ctx, item);
  } else {
    const watermark = Number(read.watermark);
    if (Number.isFinite(watermark) && watermark > 0) upTo = new Date(watermark);
  }
  if (upTo) await applyStatusUpTo(ctx, { accountId, contactExternalId: personId, upTo }, 'read');
}

/** A button the person tapped (a postback): stored as their text, the button's title. */
async function onPostback(ctx: AppContext, scope: Scope, item: Json, postback: Json): Promise<void> {
  const personId = idOf(item.sender);
  const text = str(postback.title) || str(postback.payload);
  if (!personId || !text) return;
  const sentAt = sentAtOf(ctx, item);
  const externalId = str(postback.mid) || `postback:${personId}:${sentAt.getTime()}`;
  if (await findMessageByExternalId(ctx, scope.account.id, externalId)) return;
  const profile = await contactProfile(ctx, scope.account, scope.token, personId);
  await ingestInbound(ctx, {
    accountId: scope.account.id,
    externalId,
    contact: { externalId: personId, name: profile.name, phone: '', picture: profile.picture },
    type: 'text',
    text,
    media: null,
    sentAt,
  });
}
