import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import {
  PUBLICATION_MESSAGES as M,
  STATUS_COLORS,
  type Paged,
  type StatusInput,
  type StatusPost,
  statusListQuery,
} from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { accounts, contactGroups, statusPosts } from '../../../db/schema';
import { escapeLike } from '../../../db/sql';
import type { JobName } from '../../../jobs/kinds';
import { AppError } from '../../../lib/errors';
import type { Actor } from '../../auth/actor';
import { resolveContent, type ResolvedContent } from '../../chat/kernel';
import { nextOccurrence, wibDayEnd, wibDayStart, wibYear, type Recurrence } from './schedule';
import { publishStatusPost, toStatusPost, toStatusPosts, type StatusPostRow } from './view';
import { requireSubscription } from '../../billing/subscription';

export const STATUS_JOB = 'status.post' satisfies JobName;

type StatusListQuery = z.output<typeof statusListQuery>;

const notFound = () => new AppError('NOT_FOUND', M.statusNotFound);
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });

/** A recurring post's rule; null for a one-off post. */
export function recurrenceOf(row: Pick<StatusPostRow, 'repeat' | 'time' | 'weekday'>): Recurrence | null {
  if (row.repeat === 'none' || !row.time) return null;
  return { repeat: row.repeat as Recurrence['repeat'], time: row.time, weekday: row.weekday };
}

/**
 * Stores the job that posts the run due at `dueAt`, in the caller's transaction. The key names the
 * post and the due time, so scheduling the same run twice (a resume racing the job) stores one job.
 */
export async function enqueueRun(ctx: AppContext, tx: Tx, postId: string, dueAt: Date): Promise<void> {
  const dueIso = dueAt.toISOString();
  await ctx.jobs.enqueue(
    tx,
    STATUS_JOB,
    { postId, dueAt: dueIso },
    {
      delayMs: Math.max(0, dueAt.getTime() - ctx.clock.now().getTime()),
      dedupeKey: `status:${postId}:${dueIso}`,
    },
  );
}

/** The tenant's WhatsApp number that can post: connected and not removed; else a 400 on accountId. */
async function postingAccount(db: Db, ownerId: string, accountId: string) {
  const [row] = await db
    .select({ id: accounts.id, provider: accounts.provider })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.ownerId, ownerId),
        eq(accounts.type, 'whatsapp'),
        eq(accounts.status, 'connected'),
        isNull(accounts.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw invalid('accountId', M.statusAccountInvalid);
  // the Cloud API has no WhatsApp Status (issue 25)
  if (row.provider === 'whatsapp-cloud') throw invalid('accountId', M.statusCloud);
}

/** Every chosen group is the tenant's; another tenant's id reads as a group that does not exist. */
async function checkGroups(db: Db, ownerId: string, groupIds: string[]): Promise<void> {
  const found = await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.ownerId, ownerId), inArray(contactGroups.id, groupIds)));
  if (found.length !== groupIds.length) throw invalid('groupIds', M.groupNotFound);
}

/** The stored image or video of the tenant (resolveContent checks the file and its type). */
async function statusMedia(db: Db, ownerId: string, input: StatusInput): Promise<ResolvedContent['media']> {
  if (input.type === 'text') return null;
  const field = input.type;
  const url = input[field]?.url ?? '';
  try {
    const content =
      field === 'image'
        ? await resolveContent(db, ownerId, { type: 'image', text: input.text, image: { url } })
        : await resolveContent(db, ownerId, { type: 'video', text: input.text, video: { url } });
    return content.media;
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION') throw invalid(field, error.message);
    throw error;
  }
}

/** When a new post is first due: now, its one-off time (in the future), or its next HH:mm in WIB. */
function firstDue(input: StatusInput, now: Date): Date {
  if (input.repeat !== 'none') {
    return nextOccurrence(
      { repeat: input.repeat, time: input.time!, weekday: input.repeat === 'weekly' ? input.weekday : null },
      now,
    );
  }
  if (!input.scheduledAt) return now;
  const at = new Date(input.scheduledAt);
  if (at.getTime() <= now.getTime()) throw invalid('scheduledAt', M.scheduleInPast);
  return at;
}

/** POST /publication/status: stores the post as scheduled with the job of its first run. */
export async function createStatusPost(
  ctx: AppContext,
  actor: Actor,
  input: StatusInput,
): Promise<StatusPost> {
  const now = ctx.clock.now();
  await requireSubscription(ctx, actor.ownerId);
  await postingAccount(ctx.db, actor.ownerId, input.accountId);
  const groupIds = input.audience === 'groups' ? [...new Set(input.groupIds)] : [];
  if (groupIds.length) await checkGroups(ctx.db, actor.ownerId, groupIds);
  const media = await statusMedia(ctx.db, actor.ownerId, input);
  const nextAt = firstDue(input, now);
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(statusPosts)
      .values({
        ownerId: actor.ownerId,
        accountId: input.accountId,
        type: input.type,
        text: input.text,
        // a text status always has a background; media has none
        backgroundColor: input.type === 'text' ? (input.backgroundColor ?? STATUS_COLORS[0]!) : null,
        media,
        audience: input.audience,
        groupIds,
        repeat: input.repeat,
        time: input.repeat === 'none' ? null : input.time,
        weekday: input.repeat === 'weekly' ? input.weekday : null,
        nextAt,
        state: 'scheduled',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await enqueueRun(ctx, tx, inserted!.id, nextAt);
    return inserted!;
  });
  ctx.jobs.wake();
  await publishStatusPost(ctx, row);
  return toStatusPost(ctx.db, row);
}

/** GET /publication/status: newest first; state, created in a year or between two WIB days, text. */
export async function listStatusPosts(
  ctx: AppContext,
  actor: Actor,
  query: StatusListQuery,
): Promise<Paged<StatusPost>> {
  const where: SQL[] = [eq(statusPosts.ownerId, actor.ownerId)];
  if (query.state) where.push(eq(statusPosts.state, query.state));
  if (query.year) {
    const [start, end] = wibYear(query.year);
    where.push(gte(statusPosts.createdAt, start), lt(statusPosts.createdAt, end));
  }
  if (query.from) where.push(gte(statusPosts.createdAt, wibDayStart(query.from)));
  if (query.to) where.push(lt(statusPosts.createdAt, wibDayEnd(query.to)));
  if (query.search) where.push(ilike(statusPosts.text, `%${escapeLike(query.search)}%`));
  const rows = await ctx.db
    .select()
    .from(statusPosts)
    .where(and(...where))
    .orderBy(desc(statusPosts.createdAt), desc(statusPosts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  return { docs: await toStatusPosts(ctx.db, page), hasNextPage: rows.length > query.limit };
}

/** The tenant's post, or 404 (another tenant's id reads as one that does not exist). */
async function ownPost(ctx: AppContext, actor: Actor, id: string): Promise<StatusPostRow> {
  const [row] = await ctx.db
    .select()
    .from(statusPosts)
    .where(and(eq(statusPosts.id, id), eq(statusPosts.ownerId, actor.ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** GET /publication/status/{id}: with its latest runs. */
export async function getStatusPost(ctx: AppContext, actor: Actor, id: string): Promise<StatusPost> {
  return toStatusPost(ctx.db, await ownPost(ctx, actor, id));
}

/** Why a post cannot be paused or resumed: a one-off post, or one already finished. */
function notRecurringOrFinished(row: StatusPostRow): AppError | null {
  if (!recurrenceOf(row)) return new AppError('VALIDATION', M.statusNotRecurring);
  if (row.state === 'finish') return new AppError('VALIDATION', M.statusFinished);
  return null;
}

/**
 * POST /publication/status/{id}/pause: a recurring post stops posting until resumed (a run already
 * posting finishes). Pausing a paused post changes nothing.
 */
export async function pauseStatusPost(ctx: AppContext, actor: Actor, id: string): Promise<StatusPost> {
  const row = await ownPost(ctx, actor, id);
  const refusal = notRecurringOrFinished(row);
  if (refusal) throw refusal;
  const [paused] = await ctx.db
    .update(statusPosts)
    .set({ state: 'paused', nextAt: null, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(statusPosts.id, id),
        eq(statusPosts.ownerId, actor.ownerId),
        inArray(statusPosts.state, ['scheduled', 'running']),
      ),
    )
    .returning();
  if (!paused) return toStatusPost(ctx.db, await ownPost(ctx, actor, id));
  await publishStatusPost(ctx, paused);
  return toStatusPost(ctx.db, paused);
}

/**
 * POST /publication/status/{id}/resume: a paused recurring post is due again at its next time from
 * now (the runs it missed while paused are not made up). Resuming a scheduled post changes nothing.
 */
export async function resumeStatusPost(ctx: AppContext, actor: Actor, id: string): Promise<StatusPost> {
  await requireSubscription(ctx, actor.ownerId);
  const row = await ownPost(ctx, actor, id);
  const refusal = notRecurringOrFinished(row);
  if (refusal) throw refusal;
  const now = ctx.clock.now();
  const nextAt = nextOccurrence(recurrenceOf(row)!, now);
  const resumed = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(statusPosts)
      .set({ state: 'scheduled', nextAt, updatedAt: now })
      .where(
        and(eq(statusPosts.id, id), eq(statusPosts.ownerId, actor.ownerId), eq(statusPosts.state, 'paused')),
      )
      .returning();
    if (updated) await enqueueRun(ctx, tx, id, nextAt);
    return updated;
  });
  if (!resumed) return toStatusPost(ctx.db, await ownPost(ctx, actor, id));
  ctx.jobs.wake();
  await publishStatusPost(ctx, resumed);
  return toStatusPost(ctx.db, resumed);
}

/**
 * DELETE /publication/status/{id}: cancels a post not yet posted, or stops a recurring one; it stays
 * listed as finished with its runs. Its queued job then finds it not due and does nothing.
 */
export async function deleteStatusPost(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ownPost(ctx, actor, id);
  const [finished] = await ctx.db
    .update(statusPosts)
    .set({ state: 'finish', nextAt: null, updatedAt: ctx.clock.now() })
    .where(
      and(eq(statusPosts.id, id), eq(statusPosts.ownerId, actor.ownerId), ne(statusPosts.state, 'finish')),
    )
    .returning();
  if (finished) await publishStatusPost(ctx, finished);
}
