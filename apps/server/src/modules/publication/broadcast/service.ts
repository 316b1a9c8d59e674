import { and, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  jakartaDay,
  PUBLICATION_MESSAGES as M,
  type Broadcast,
  type BroadcastInput,
  type BroadcastMessage,
  type BroadcastPreview,
  type BroadcastRecipient,
  type Paged,
  broadcastListQuery,
  broadcastPreviewBody,
  broadcastRecipientQuery,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { accounts, broadcastRecipients, broadcasts, contactGroups } from '../../../db/schema';
import { escapeLike, textArray } from '../../../db/sql';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../../auth/actor';
import { resolveContent } from '../../chat/kernel';
import { insertRecipients, ownGroups, parsePastedNumbers, summarizeAudience, variablesOf } from './audience';
import { addDays } from './counters';
import { estimateSeconds, pacingOf } from './pacing';
import { requireSubscription } from '../../billing/subscription';
import { requirePlanRoom } from '../../billing/plan-limits';

export const DISPATCH_JOB = 'broadcast.dispatch' as const;

type BroadcastRow = typeof broadcasts.$inferSelect;
const JAKARTA_OFFSET_MS = 7 * 3600_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A broadcast as the API shows it, with its senders' and groups' names. */
async function toBroadcasts(db: Db | Tx, rows: BroadcastRow[]): Promise<Broadcast[]> {
  if (!rows.length) return [];
  const accountIds = [...new Set(rows.flatMap((r) => r.accountIds))];
  const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
  const [senderRows, groupRows] = await Promise.all([
    db
      .select({ id: accounts.id, name: accounts.labelName, phone: accounts.phoneNumber })
      .from(accounts)
      .where(inArray(accounts.id, accountIds)),
    groupIds.length
      ? db
          .select({ id: contactGroups.id, name: contactGroups.name })
          .from(contactGroups)
          .where(inArray(contactGroups.id, groupIds))
      : Promise.resolve([]),
  ]);
  const sender = new Map(senderRows.map((s) => [s.id, s]));
  const group = new Map(groupRows.map((g) => [g.id, g]));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    state: row.state as Broadcast['state'],
    senders: row.accountIds.flatMap((id) => {
      const s = sender.get(id);
      return s ? [{ _id: s.id, name: s.name, phoneNumber: s.phone }] : [];
    }),
    // a group deleted since keeps its place in the broadcast's history as '-'
    groups: row.groupIds.map((id) => ({ _id: id, name: group.get(id)?.name ?? '-' })),
    message: row.message as BroadcastMessage,
    fallbacks: row.fallbacks,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    pausedReason: row.pausedReason,
    counts: {
      total: row.total,
      pending: row.pending,
      sent: row.sent,
      delivered: row.delivered,
      read: row.read,
      replied: row.replied,
      failed: row.failed,
      skipped: row.skipped,
      optedOut: row.optedOut,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Which of the tenant's broadcasts a caller sees: all of them (the app), or those sent from one
 * number alone (the public API with that number's token, issue 26).
 */
export interface BroadcastScope {
  /** only broadcasts whose senders are this account and no other */
  soleSender?: string;
}

const scopeConditions = (scope: BroadcastScope): SQL[] =>
  scope.soleSender ? [sql`${broadcasts.accountIds} = ${textArray([scope.soleSender])}`] : [];

export async function loadBroadcast(
  db: Db | Tx,
  ownerId: string,
  id: string,
  scope: BroadcastScope = {},
): Promise<Broadcast | null> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.ownerId, ownerId), ...scopeConditions(scope)))
    .limit(1);
  if (!row) return null;
  return (await toBroadcasts(db, [row]))[0] ?? null;
}

async function requireBroadcastRow(db: Db | Tx, ownerId: string, id: string): Promise<BroadcastRow> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.ownerId, ownerId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** Publishes broadcast.updated to the tenant (after commit), with the broadcast as it is now. */
export async function publishBroadcast(
  ctx: AppContext,
  ownerId: string,
  id: string,
): Promise<Broadcast | null> {
  const broadcast = await loadBroadcast(ctx.db, ownerId, id);
  if (broadcast)
    ctx.bus.publish({
      kind: 'tenant',
      ownerId,
      event: { type: 'broadcast.updated', chat: null, message: null, broadcast },
    });
  return broadcast;
}

/** The owner's connected WhatsApp numbers among `accountIds` (all of them, or a 400 on accountIds). */
async function ownSenders(ctx: AppContext, ownerId: string, accountIds: string[]) {
  const unique = [...new Set(accountIds)];
  if (!unique.length) return [];
  const rows = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerId, ownerId), inArray(accounts.id, unique)));
  // a Cloud API number sends free text only inside a customer's 24 hours (issue 25): not a broadcast
  if (rows.some((a) => a.provider === 'whatsapp-cloud'))
    throw new AppError('VALIDATION', M.senderCloud, { accountIds: M.senderCloud });
  const usable = rows.filter((a) => a.type === 'whatsapp' && !a.deletedAt);
  if (usable.length !== unique.length)
    throw new AppError('VALIDATION', M.senderInvalid, { accountIds: M.senderInvalid });
  return unique.map((id) => usable.find((a) => a.id === id)!);
}

/** POST /publication/broadcast/preview: who would receive it and how long it would take. */
export async function previewBroadcast(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof broadcastPreviewBody>,
): Promise<BroadcastPreview> {
  const senders = await ownSenders(ctx, actor.ownerId, body.accountIds);
  const groups = await ownGroups(ctx.db, actor.ownerId, body.groupIds);
  const pasted = parsePastedNumbers(body.phoneNumbers);
  const summary = await summarizeAudience(
    ctx.db,
    actor.ownerId,
    senders.map((s) => s.id),
    pasted.phones,
    groups.map((g) => g.id),
  );
  const recipients = summary.distinct - summary.optedOut;
  return {
    recipients,
    duplicates: summary.duplicates,
    optedOut: summary.optedOut,
    cold: summary.cold,
    invalidLines: pasted.invalidLines,
    variables: variablesOf(groups),
    sample: summary.sample,
    estimatedSeconds: estimateSeconds(
      recipients,
      senders.map((s) => pacingOf(ctx, s)),
    ),
  };
}

/**
 * POST /publication/broadcast: the broadcast, its recipients (each number once, opted-out numbers
 * skipped with the reason) and its dispatch job, in one transaction. It runs now, or waits for its
 * scheduled time as 'Dijadwalkan'.
 */
export async function createBroadcast(
  ctx: AppContext,
  actor: Actor,
  body: BroadcastInput,
): Promise<Broadcast> {
  const now = ctx.clock.now();
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  if (scheduledAt && scheduledAt <= now)
    throw new AppError('VALIDATION', M.scheduleInPast, { scheduledAt: M.scheduleInPast });
  await requireSubscription(ctx, actor.ownerId);
  const pasted = parsePastedNumbers(body.phoneNumbers);
  if (pasted.invalidLines.length) {
    const message = M.phoneLinesInvalid.replace('{lines}', pasted.invalidLines.slice(0, 10).join(', '));
    throw new AppError('VALIDATION', message, { phoneNumbers: message });
  }
  const senders = await ownSenders(ctx, actor.ownerId, body.accountIds);
  const groups = await ownGroups(ctx.db, actor.ownerId, body.groupIds);
  const known = variablesOf(groups).map((v) => v.toLowerCase());
  for (const name of [...body.message.text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]!)) {
    if (!known.includes(name.toLowerCase())) {
      const message = M.variableUnknown.replace('{name}', name);
      throw new AppError('VALIDATION', message, { 'message.text': message });
    }
  }
  const content = await resolveContent(ctx.db, actor.ownerId, body.message);
  const message: BroadcastMessage = {
    type: content.type as BroadcastMessage['type'],
    text: content.text,
    ...(content.media ? { [content.type]: content.media } : {}),
  };
  const id = await ctx.db.transaction(async (tx) => {
    await requirePlanRoom(ctx, tx, actor.ownerId, 'broadcastsPerMonth');
    const [row] = await tx
      .insert(broadcasts)
      .values({
        ownerId: actor.ownerId,
        name: body.name,
        state: scheduledAt ? 'scheduled' : 'running',
        accountIds: senders.map((s) => s.id),
        groupIds: groups.map((g) => g.id),
        message,
        fallbacks: body.fallbacks,
        scheduledAt,
        startedAt: scheduledAt ? null : now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: broadcasts.id });
    const { total, optedOut } = await insertRecipients(
      tx,
      actor.ownerId,
      row!.id,
      pasted.phones,
      groups.map((g) => g.id),
    );
    if (!total) throw new AppError('VALIDATION', M.recipientsRequired, { groupIds: M.recipientsRequired });
    const pending = total - optedOut;
    await tx
      .update(broadcasts)
      .set({
        total,
        pending,
        skipped: optedOut,
        optedOut,
        ...(pending === 0 && !scheduledAt ? { state: 'finish', finishedAt: now } : {}),
      })
      .where(eq(broadcasts.id, row!.id));
    // numbers already opted out count as opted out on the day the broadcast is made (issue 24)
    await addDays(tx, row!.id, actor.ownerId, [{ day: jakartaDay(now), delta: { optedOut } }]);
    if (pending > 0)
      await ctx.jobs.enqueue(
        tx,
        DISPATCH_JOB,
        { broadcastId: row!.id },
        {
          delayMs: scheduledAt ? scheduledAt.getTime() - now.getTime() : 0,
          dedupeKey: `broadcast:${row!.id}`,
        },
      );
    return row!.id;
  });
  ctx.jobs.wake();
  return (await publishBroadcast(ctx, actor.ownerId, id))!;
}

type ListQuery = z.output<typeof broadcastListQuery>;

/** Created between two Asia/Jakarta days (from, to inclusive) or in a Jakarta year. */
function periodConditions(
  column: typeof broadcasts.createdAt,
  query: Pick<ListQuery, 'year' | 'from' | 'to'>,
) {
  const where: SQL[] = [];
  const day = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - JAKARTA_OFFSET_MS);
  if (query.year) {
    where.push(gte(column, day(`${query.year}-01-01`)), lt(column, day(`${query.year + 1}-01-01`)));
  }
  if (query.from) where.push(gte(column, day(query.from)));
  if (query.to) where.push(lt(column, new Date(day(query.to).getTime() + 24 * 3600_000)));
  return where;
}

/** GET /publication/broadcast: newest first, by state, period and name. */
export async function listBroadcasts(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
  scope: BroadcastScope = {},
): Promise<Paged<Broadcast>> {
  const where: SQL[] = [
    eq(broadcasts.ownerId, actor.ownerId),
    ...periodConditions(broadcasts.createdAt, query),
    ...scopeConditions(scope),
  ];
  if (query.state) where.push(eq(broadcasts.state, query.state));
  if (query.search) where.push(ilike(broadcasts.name, `%${escapeLike(query.search)}%`));
  const rows = await ctx.db
    .select()
    .from(broadcasts)
    .where(and(...where))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: await toBroadcasts(ctx.db, rows.slice(0, query.limit)),
    hasNextPage: rows.length > query.limit,
  };
}

export async function getBroadcast(
  ctx: AppContext,
  actor: Actor,
  id: string,
  scope: BroadcastScope = {},
): Promise<Broadcast> {
  const broadcast = await loadBroadcast(ctx.db, actor.ownerId, id, scope);
  if (!broadcast) throw new AppError('NOT_FOUND', M.notFound);
  return broadcast;
}

/** GET /publication/broadcast/{id}/recipient: in sending order, by state and name or number. */
export async function listRecipients(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: z.output<typeof broadcastRecipientQuery>,
): Promise<Paged<BroadcastRecipient>> {
  await requireBroadcastRow(ctx.db, actor.ownerId, id);
  const where: SQL[] = [
    eq(broadcastRecipients.broadcastId, id),
    eq(broadcastRecipients.ownerId, actor.ownerId),
  ];
  if (query.state) where.push(eq(broadcastRecipients.state, query.state));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const digits = query.search.replace(/\D/g, '').replace(/^0+/, '');
    where.push(
      digits.length >= 3
        ? sql`(${broadcastRecipients.name} ilike ${pattern} or ${broadcastRecipients.phone} like ${`%${digits}%`})`
        : ilike(broadcastRecipients.name, pattern),
    );
  }
  const rows = await ctx.db
    .select()
    .from(broadcastRecipients)
    .where(and(...where))
    .orderBy(broadcastRecipients.position)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((r) => ({
      _id: r.id,
      name: r.name,
      phoneNumber: r.phone,
      state: r.state as BroadcastRecipient['state'],
      reason: r.reason,
      accountId: r.accountId,
      chatId: r.chatId,
      sentAt: iso(r.sentAt),
      readAt: iso(r.readAt),
      repliedAt: iso(r.repliedAt),
    })),
    hasNextPage: rows.length > query.limit,
  };
}

/** POST /publication/broadcast/{id}/pause: a running broadcast stops taking recipients until resumed. */
export async function pauseBroadcast(ctx: AppContext, actor: Actor, id: string): Promise<Broadcast> {
  const [row] = await ctx.db
    .update(broadcasts)
    .set({ state: 'paused', pausedReason: null, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(broadcasts.id, id),
        eq(broadcasts.ownerId, actor.ownerId),
        inArray(broadcasts.state, ['running', 'scheduled']),
      ),
    )
    .returning({ id: broadcasts.id });
  if (!row) {
    await requireBroadcastRow(ctx.db, actor.ownerId, id);
    throw new AppError('CONFLICT', M.notPausable);
  }
  return (await publishBroadcast(ctx, actor.ownerId, id))!;
}

/** POST /publication/broadcast/{id}/resume: continues with the recipients not yet sent. */
export async function resumeBroadcast(ctx: AppContext, actor: Actor, id: string): Promise<Broadcast> {
  await requireSubscription(ctx, actor.ownerId);
  const now = ctx.clock.now();
  const resumed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(broadcasts)
      .set({
        state: sql`case when ${broadcasts.scheduledAt} > ${now.toISOString()}::timestamptz and ${broadcasts.startedAt} is null then 'scheduled' else 'running' end`,
        startedAt: sql`case when ${broadcasts.scheduledAt} > ${now.toISOString()}::timestamptz and ${broadcasts.startedAt} is null then null else coalesce(${broadcasts.startedAt}, ${now.toISOString()}::timestamptz) end`,
        pausedReason: null,
        updatedAt: now,
      })
      .where(
        and(eq(broadcasts.id, id), eq(broadcasts.ownerId, actor.ownerId), eq(broadcasts.state, 'paused')),
      )
      .returning({ id: broadcasts.id, scheduledAt: broadcasts.scheduledAt });
    if (!row) return false;
    const delayMs = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt.getTime() - now.getTime() : 0;
    await ctx.jobs.enqueue(tx, DISPATCH_JOB, { broadcastId: id }, { delayMs, dedupeKey: `broadcast:${id}` });
    return true;
  });
  if (!resumed) {
    await requireBroadcastRow(ctx.db, actor.ownerId, id);
    throw new AppError('CONFLICT', M.notResumable);
  }
  ctx.jobs.wake();
  return (await publishBroadcast(ctx, actor.ownerId, id))!;
}

/**
 * POST /publication/broadcast/{id}/stop: ends it as 'Selesai'; recipients not yet sent are skipped as
 * 'Dibatalkan' (messages already handed to WhatsApp go on).
 */
export async function stopBroadcast(ctx: AppContext, actor: Actor, id: string): Promise<Broadcast> {
  const now = ctx.clock.now();
  const stopped = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: broadcasts.id, state: broadcasts.state })
      .from(broadcasts)
      .where(and(eq(broadcasts.id, id), eq(broadcasts.ownerId, actor.ownerId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    if (row.state === 'finish') return false;
    const cancelled = await tx
      .update(broadcastRecipients)
      .set({ state: 'skipped', reason: M.reasonCancelled })
      .where(
        and(
          eq(broadcastRecipients.broadcastId, id),
          eq(broadcastRecipients.state, 'pending'),
          sql`${broadcastRecipients.messageId} is null`,
        ),
      )
      .returning({ id: broadcastRecipients.id });
    await tx
      .update(broadcasts)
      .set({
        state: 'finish',
        finishedAt: now,
        pausedReason: null,
        pending: sql`${broadcasts.pending} - ${cancelled.length}`,
        skipped: sql`${broadcasts.skipped} + ${cancelled.length}`,
        updatedAt: now,
      })
      .where(eq(broadcasts.id, id));
    return true;
  });
  if (!stopped) throw new AppError('CONFLICT', M.notStoppable);
  return (await publishBroadcast(ctx, actor.ownerId, id))!;
}

/** Pauses a running broadcast with the reason the owner sees; true when it was running. */
export async function pauseWithReason(
  ctx: AppContext,
  broadcastId: string,
  reason: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(broadcasts)
    .set({ state: 'paused', pausedReason: reason, updatedAt: ctx.clock.now() })
    .where(and(eq(broadcasts.id, broadcastId), inArray(broadcasts.state, ['running', 'scheduled'])))
    .returning({ ownerId: broadcasts.ownerId });
  if (!row) return false;
  await publishBroadcast(ctx, row.ownerId, broadcastId);
  return true;
}
