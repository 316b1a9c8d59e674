import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  jakartaDay,
  PUBLICATION_LIMITS,
  PUBLICATION_MESSAGES as M,
  type MessageStatus,
  type RecipientState,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import {
  broadcastOptOuts,
  broadcastRecipients,
  broadcasts,
  messages,
  publicationSettings,
  users,
} from '../../../db/schema';
import { onAccountTrouble, type AccountTrouble } from '../../../channels/account-events';
import { textArray } from '../../../db/sql';
import type { InboundNotice } from '../../chat/kernel';
import type { MessageRow } from '../../../channels/connector';
import { adjustCounters, changed, type DayDelta } from './counters';
import { pauseWithReason } from './service';

/** The counters a recipient in each state counts in (sent includes delivered and read). */
const COUNTED_IN: Record<
  RecipientState,
  ('pending' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped')[]
> = {
  pending: ['pending'],
  sent: ['sent'],
  unread: ['sent', 'delivered'],
  read: ['sent', 'delivered', 'read'],
  failed: ['failed'],
  skipped: ['skipped'],
};

/** What moving a recipient from one state to another does to its broadcast's counters. */
export function counterDelta(from: RecipientState, to: RecipientState): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const key of COUNTED_IN[from]) delta[key] = (delta[key] ?? 0) - 1;
  for (const key of COUNTED_IN[to]) delta[key] = (delta[key] ?? 0) + 1;
  return delta;
}

const RANK: Record<RecipientState, number> = {
  pending: 0,
  sent: 1,
  unread: 2,
  read: 3,
  failed: 4,
  skipped: 4,
};
const STATE_OF: Partial<Record<MessageStatus, RecipientState>> = {
  // a failed message sent again ('Kirim ulang' in the chat): its recipient is pending again
  pending: 'pending',
  sent: 'sent',
  unread: 'unread',
  read: 'read',
  error: 'failed',
};

/**
 * The states a recipient may be in before moving to `next`: forward only, skipped is final, and
 * failed only goes back to pending, when its message is sent again from the chat.
 */
function movableFrom(next: RecipientState): RecipientState[] {
  if (next === 'pending') return ['failed'];
  if (next === 'failed') return ['pending', 'sent', 'unread'];
  return (['pending', 'sent', 'unread', 'read'] as const).filter((s) => RANK[s] < RANK[next]);
}

/** The counters that move per day with a recipient's state, with the time each one was added. */
const DAY_KEYS = ['sent', 'delivered', 'read', 'failed'] as const;

/** The Asia/Jakarta days on which a recipient's counts were added (null when it never was). */
export interface CountedDays {
  sent: string | null;
  delivered: string | null;
  failed: string | null;
}

/**
 * What moving `n` recipients from one state to another does to their broadcast's days: what they now
 * count in is added on `today` (the event's day), what they no longer count in is taken back from the
 * day it was added (a message failing after it was sent, a failed one sent again).
 */
export function dayDeltas(
  from: RecipientState,
  to: RecipientState,
  n: number,
  today: string,
  counted: CountedDays,
): DayDelta[] {
  const days: DayDelta[] = [];
  for (const key of DAY_KEYS) {
    const before = COUNTED_IN[from].includes(key);
    const after = COUNTED_IN[to].includes(key);
    if (after && !before) days.push({ day: today, delta: { [key]: n } });
    // read is final: it is never taken back
    if (before && !after && key !== 'read') days.push({ day: counted[key] ?? today, delta: { [key]: -n } });
  }
  return days;
}

/** 'YYYY-MM-DD' in Asia/Jakarta of a timestamptz, in SQL (null stays null). */
const jakartaDaySql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD')`;

/**
 * Broadcast messages' statuses moved (inside the transaction that moved them): their recipients
 * follow, forward only, and each broadcast's counters and days with them - one statement for the
 * recipients and one or two per broadcast, however many messages moved together.
 */
async function followStatus(
  ctx: AppContext,
  tx: Tx,
  moved: MessageRow[],
  to: MessageStatus,
  error: string | null,
) {
  const next = STATE_OF[to];
  const ids = moved.filter((m) => m.isFromMe).map((m) => m.id);
  if (!next || !ids.length) return;
  const at = ctx.clock.now();
  const now = at.toISOString();
  const today = jakartaDay(at);
  const reason = next === 'failed' ? (error ?? M.reasonSendFailed.replace('{reason}', '-')) : null;
  const result = (await tx.execute(sql`with old as (
        select id, broadcast_id, owner_id, state, sent_at, delivered_at, failed_at from ${broadcastRecipients}
        where message_id = any(${textArray(ids)}) and state = any(${textArray(movableFrom(next))})
        for update),
      moved as (
        update ${broadcastRecipients} r set state = ${next},
          reason = case when ${next} = 'failed' then ${reason} when ${next} = 'pending' then null else r.reason end,
          sent_at = case when old.state = 'pending' and ${next} <> 'failed' then ${now}::timestamptz else r.sent_at end,
          delivered_at = case when old.state in ('pending', 'sent') and ${next} in ('unread', 'read')
            then ${now}::timestamptz else r.delivered_at end,
          failed_at = case when ${next} = 'failed' then ${now}::timestamptz else r.failed_at end,
          read_at = case when ${next} = 'read' then ${now}::timestamptz else r.read_at end
        from old where r.id = old.id
        returning old.broadcast_id, old.owner_id, old.state as from_state, old.sent_at, old.delivered_at,
          old.failed_at)
    select broadcast_id, owner_id, from_state, ${jakartaDaySql(sql`sent_at`)} as sent_day,
      ${jakartaDaySql(sql`coalesce(delivered_at, sent_at)`)} as delivered_day,
      ${jakartaDaySql(sql`failed_at`)} as failed_day, count(*)::int as n
    from moved group by 1, 2, 3, 4, 5, 6`)) as unknown as {
    rows: {
      broadcast_id: string;
      owner_id: string;
      from_state: RecipientState;
      sent_day: string | null;
      delivered_day: string | null;
      failed_day: string | null;
      n: number;
    }[];
  };
  const byBroadcast = new Map<string, { ownerId: string; delta: Record<string, number>; days: DayDelta[] }>();
  for (const row of result.rows) {
    const entry = byBroadcast.get(row.broadcast_id) ?? { ownerId: row.owner_id, delta: {}, days: [] };
    const n = Number(row.n);
    for (const [key, value] of Object.entries(counterDelta(row.from_state, next)))
      entry.delta[key] = (entry.delta[key] ?? 0) + value * n;
    entry.days.push(
      ...dayDeltas(row.from_state, next, n, today, {
        sent: row.sent_day,
        delivered: row.delivered_day,
        failed: row.failed_day,
      }),
    );
    byBroadcast.set(row.broadcast_id, entry);
  }
  for (const [broadcastId, { ownerId, delta, days }] of byBroadcast) {
    await adjustCounters(tx, broadcastId, delta, days);
    changed(ctx, ownerId, broadcastId);
  }
}

// ------------------------------------------------------------------------------------------------
// stop words and replies

const STOP_WORDS_TTL_MS = 30_000;
const stopWordCache = new Map<string, { words: string[]; until: number }>();

/** The tenant's stop words, upper case (PUBLICATION_LIMITS.stopWords until the owner sets them). */
export async function stopWordsOf(ctx: AppContext, ownerId: string): Promise<string[]> {
  const cached = stopWordCache.get(ownerId);
  if (cached && cached.until > Date.now()) return cached.words;
  const [row] = await ctx.db
    .select({ words: publicationSettings.stopWords })
    .from(publicationSettings)
    .where(eq(publicationSettings.ownerId, ownerId))
    .limit(1);
  const words = (row?.words ?? [...PUBLICATION_LIMITS.stopWords]).map((w) => w.toUpperCase());
  stopWordCache.set(ownerId, { words, until: Date.now() + STOP_WORDS_TTL_MS });
  return words;
}

/** Forgets the cached stop words of a tenant (after the owner changed them in this process). */
export function forgetStopWords(ownerId: string): void {
  stopWordCache.delete(ownerId);
}

/** A message that is only a stop word ('stop', 'STOP!', ' Berhenti ') opts its sender out. */
export function isStopReply(text: string, words: string[]): boolean {
  const word = text
    .trim()
    .replace(/[.!?\s]+$/u, '')
    .toUpperCase();
  return word.length > 0 && word.length <= PUBLICATION_LIMITS.stopWordMax && words.includes(word);
}

/**
 * A customer wrote to a number: a reply to the latest broadcast message that number sent them within
 * PUBLICATION_LIMITS.replyWindowMs counts as 'replied' (once); a stop word puts them on the tenant's
 * opt-out list instead and counts as opted out.
 */
/**
 * Per owner, the last moment a broadcast of theirs can have sent a message (Infinity while one is
 * not finished; a broadcast's row is touched whenever its counters move, a late send after 'stop'
 * included), so that a customer's message in a tenant with no broadcast in the reply window costs no
 * query on the ingest path. An entry is dropped whenever a broadcast of the owner changes: every
 * change is published as broadcast.updated on the bus, so other processes drop theirs too, and a
 * broadcast is published when it is created or resumed, before its first message can be answered.
 * Entries also expire after a minute in case a bus message was lost.
 */
class LastSends {
  private readonly entries = new Map<string, { at: number; checkedAt: number }>();
  /** Changes seen per owner: an answer read while one arrived is not kept (it may predate it). */
  private readonly changes = new Map<string, number>();

  forget(ownerId: string): void {
    this.entries.delete(ownerId);
    this.changes.set(ownerId, (this.changes.get(ownerId) ?? 0) + 1);
  }

  async of(ctx: AppContext, ownerId: string): Promise<number> {
    const cached = this.entries.get(ownerId);
    if (cached && Date.now() - cached.checkedAt < LAST_SENDS_TTL_MS) return cached.at;
    const seen = this.changes.get(ownerId);
    const checkedAt = Date.now();
    const [row] = await ctx.db
      .select({
        open: sql<number>`count(*) filter (where ${broadcasts.state} <> 'finish')::int`,
        last: sql<string | null>`max(greatest(${broadcasts.finishedAt}, ${broadcasts.updatedAt}))`,
      })
      .from(broadcasts)
      .where(eq(broadcasts.ownerId, ownerId));
    const at = row?.open ? Infinity : row?.last ? new Date(row.last).getTime() : -Infinity;
    if (this.changes.get(ownerId) === seen) this.entries.set(ownerId, { at, checkedAt });
    return at;
  }
}
const LAST_SENDS_TTL_MS = 60_000;

async function followReply(ctx: AppContext, lastSends: LastSends, notice: InboundNotice) {
  if (!notice.phone) return;
  const stop =
    notice.type === 'text' &&
    notice.text.length <= 40 &&
    isStopReply(notice.text, await stopWordsOf(ctx, notice.ownerId));
  const since = new Date(notice.at.getTime() - PUBLICATION_LIMITS.replyWindowMs);
  if (!stop && (await lastSends.of(ctx, notice.ownerId)) <= since.getTime()) return;
  const latest = (db: Db | Tx) =>
    db
      .select({ id: broadcastRecipients.id, broadcastId: broadcastRecipients.broadcastId })
      .from(broadcastRecipients)
      .where(
        and(
          eq(broadcastRecipients.ownerId, notice.ownerId),
          eq(broadcastRecipients.phone, notice.phone),
          eq(broadcastRecipients.accountId, notice.accountId),
          gt(broadcastRecipients.sentAt, since),
          isNull(broadcastRecipients.repliedAt),
          inArray(broadcastRecipients.state, ['sent', 'unread', 'read']),
        ),
      )
      .orderBy(desc(broadcastRecipients.sentAt))
      .limit(1);
  // most messages answer no broadcast: one index probe, no transaction (the ingest path waits for this)
  if (!stop && !(await latest(ctx.db)).length) return;
  const touched = await ctx.db.transaction(async (tx) => {
    if (stop)
      await tx
        .insert(broadcastOptOuts)
        .values({ ownerId: notice.ownerId, phone: notice.phone, source: 'reply', createdAt: notice.at })
        .onConflictDoNothing();
    const [recipient] = await latest(tx).for('update');
    if (!recipient) return null;
    await tx
      .update(broadcastRecipients)
      .set(stop ? { repliedAt: notice.at, reason: M.reasonOptedOut } : { repliedAt: notice.at })
      .where(eq(broadcastRecipients.id, recipient.id));
    // counted on the day of the reply (issue 24)
    const delta = stop ? { optedOut: 1 } : { replied: 1 };
    await adjustCounters(tx, recipient.broadcastId, delta, [{ day: jakartaDay(notice.at), delta }]);
    return recipient.broadcastId;
  });
  if (touched) changed(ctx, notice.ownerId, touched);
}

// ------------------------------------------------------------------------------------------------
// troubled numbers

/**
 * A sender number was restricted (463/479), logged out or disconnected: every running broadcast it
 * sends pauses with the reason, and the owner gets an email once per broadcast paused. Resuming is
 * the owner's call (never automatic after a 463: a retry counts as another reach-out).
 */
async function pauseForTrouble(ctx: AppContext, trouble: AccountTrouble) {
  const running = await ctx.db
    .select({ id: broadcasts.id, name: broadcasts.name })
    .from(broadcasts)
    .where(
      and(
        eq(broadcasts.ownerId, trouble.ownerId),
        inArray(broadcasts.state, ['running', 'scheduled']),
        sql`${trouble.accountId} = any(${broadcasts.accountIds})`,
      ),
    );
  if (!running.length) return;
  const reason =
    trouble.kind === 'restricted'
      ? M.reasonRestricted.replace('{code}', trouble.code ?? '463')
      : trouble.kind === 'logged-out'
        ? M.reasonLoggedOut
        : M.reasonDisconnected;
  const paused: string[] = [];
  for (const b of running) if (await pauseWithReason(ctx, b.id, reason)) paused.push(b.name);
  if (!paused.length) return;
  const [owner] = await ctx.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, trouble.ownerId));
  if (!owner) return;
  const list = paused.map((name) => `- ${name}`).join('\n');
  await ctx.mailer
    .send({
      to: owner.email,
      subject: 'Broadcast dijeda otomatis',
      text: `Halo ${owner.name},\n\nBroadcast berikut dijeda otomatis:\n${list}\n\nAlasan: ${reason}\n\nBuka Publikasi > Broadcast di Sapa untuk melanjutkannya setelah nomor pengirim siap kembali.\n`,
    })
    .catch((err: unknown) => ctx.log.error({ err }, 'broadcast pause mail failed'));
}

/** Registers the broadcast module's listeners on the chat kernel and the channels (once per app). */
export function trackBroadcasts(ctx: AppContext): void {
  // only messages sent to a broadcast's recipients (asked by the status update itself)
  ctx.chatHooks.onStatus(
    (tx, moved, to, error) => followStatus(ctx, tx, moved, to, error),
    sql`${messages.isFromMe} and exists (select 1 from ${broadcastRecipients}
      where ${broadcastRecipients.messageId} = ${messages.id})`,
  );
  const lastSends = new LastSends();
  ctx.bus.subscribe((message) => {
    if (message.kind === 'tenant' && message.event.type === 'broadcast.updated')
      lastSends.forget(message.ownerId);
  });
  ctx.chatHooks.onInbound((notice) => followReply(ctx, lastSends, notice));
  onAccountTrouble(ctx, (trouble) => pauseForTrouble(ctx, trouble));
}
