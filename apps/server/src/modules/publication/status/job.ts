import { and, eq, inArray } from 'drizzle-orm';
import { PUBLICATION_MESSAGES as M } from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { accounts, statusPosts, statusRuns } from '../../../db/schema';
import { PermanentSendError, type StatusContent } from '../../../channels/connector';
import { nextOccurrence } from './schedule';
import { enqueueRun, recurrenceOf, STATUS_JOB } from './service';
import { publishStatusPost, type StatusPostRow } from './view';
import { viewersOf } from './viewers';
import { sendingRefusalFor } from '../../billing/subscription';

type RunOutcome =
  | { state: 'sent'; viewers: number; externalId: string }
  | { state: 'failed'; reason: string; viewers?: number };

/**
 * Posts one due run of a status post (issue 20 part 5). A run is one row per post and due time
 * (unique), and the post says which time is due next (next_at): a repeated or late job whose time
 * is no longer due, or whose run is already sent or failed, does nothing. The run's id is the
 * connector's idempotency key, so a crash between posting and recording posts it once. Recording
 * the run and moving the post on (its next time and job, or 'finish') is one transaction.
 */
export function defineStatusPostJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: STATUS_JOB,
    async run({ postId, dueAt: dueIso }) {
      const dueAt = new Date(dueIso);
      const post = await duePost(ctx, postId, dueAt);
      if (!post) return;
      await ctx.db.insert(statusRuns).values({ postId, ownerId: post.ownerId, dueAt }).onConflictDoNothing();
      const [run] = await ctx.db
        .select()
        .from(statusRuns)
        .where(and(eq(statusRuns.postId, postId), eq(statusRuns.dueAt, dueAt)))
        .limit(1);
      if (!run || run.state !== 'pending') return;

      const [running] = await ctx.db
        .update(statusPosts)
        .set({ state: 'running', updatedAt: ctx.clock.now() })
        .where(and(isDue(postId, dueAt), eq(statusPosts.state, 'scheduled')))
        .returning();
      if (running) await publishStatusPost(ctx, running);
      // paused or cancelled between the reads: the run stays pending and is never posted
      else if (!(await duePost(ctx, postId, dueAt))) return;

      // issue 22 part 5: a subscription that ended by the post's time fails the run with the reason
      const refusal = await sendingRefusalFor(ctx, post.ownerId);
      if (refusal) {
        await finishRun(ctx, post, dueAt, { state: 'failed', reason: refusal.message });
        return;
      }
      const [account] = await ctx.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, post.accountId), eq(accounts.ownerId, post.ownerId)))
        .limit(1);
      // issue 20 part 5: a number disconnected at the post's time fails the run, without retries
      if (!account || account.deletedAt || account.type !== 'whatsapp' || account.status !== 'connected') {
        await finishRun(ctx, post, dueAt, { state: 'failed', reason: M.statusReasonDisconnected });
        return;
      }
      const connector = ctx.connectors.get(account.provider);
      if (!connector?.postStatus) {
        await finishRun(ctx, post, dueAt, { state: 'failed', reason: M.statusReasonUnsupported });
        return;
      }
      const viewers = await viewersOf(ctx.db, post, account.phoneNumber);
      try {
        const { externalId } = await connector.postStatus(account, run.id, contentOf(post), viewers);
        await finishRun(ctx, post, dueAt, { state: 'sent', viewers: viewers.length, externalId });
      } catch (error) {
        // refused for good (a restricted number, a file WhatsApp will not take): no retry
        if (error instanceof PermanentSendError) {
          await finishRun(ctx, post, dueAt, { state: 'failed', reason: error.message });
          return;
        }
        throw error;
      }
    },
    async onFinalFailure({ postId, dueAt: dueIso }, error) {
      const dueAt = new Date(dueIso);
      const post = await duePost(ctx, postId, dueAt);
      if (!post) return;
      await ctx.db.insert(statusRuns).values({ postId, ownerId: post.ownerId, dueAt }).onConflictDoNothing();
      const reason = error instanceof Error && error.message ? error.message : M.statusFailed;
      await finishRun(ctx, post, dueAt, { state: 'failed', reason });
    },
  });
}

/** The post's row while `dueAt` is its due time and it is scheduled or posting. */
const isDue = (postId: string, dueAt: Date) =>
  and(
    eq(statusPosts.id, postId),
    eq(statusPosts.nextAt, dueAt),
    inArray(statusPosts.state, ['scheduled', 'running']),
  );

async function duePost(ctx: AppContext, postId: string, dueAt: Date): Promise<StatusPostRow | null> {
  const [row] = await ctx.db.select().from(statusPosts).where(isDue(postId, dueAt)).limit(1);
  return row ?? null;
}

function contentOf(post: StatusPostRow): StatusContent {
  const media = post.media as { url: string; mimetype: string } | null;
  return {
    type: post.type as StatusContent['type'],
    text: post.text,
    backgroundColor: post.type === 'text' ? post.backgroundColor : null,
    mediaUrl: media?.url ?? null,
    mimetype: media?.mimetype ?? null,
  };
}

/**
 * Records a pending run's outcome and moves the post on, in one transaction: a recurring post is
 * due again at its next time (never before the run it just made) with that run's job; a one-off post
 * is finished. A post paused or cancelled meanwhile keeps its state. Publishes the post after commit.
 */
async function finishRun(ctx: AppContext, post: StatusPostRow, dueAt: Date, outcome: RunOutcome) {
  const now = ctx.clock.now();
  const recorded = await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(statusRuns)
      .set({
        state: outcome.state,
        at: now,
        viewers: outcome.viewers ?? 0,
        reason: outcome.state === 'failed' ? outcome.reason : null,
        externalId: outcome.state === 'sent' ? outcome.externalId : null,
      })
      .where(
        and(eq(statusRuns.postId, post.id), eq(statusRuns.dueAt, dueAt), eq(statusRuns.state, 'pending')),
      )
      .returning({ id: statusRuns.id });
    if (!run) return false;
    const rule = recurrenceOf(post);
    if (rule) {
      const nextAt = nextOccurrence(rule, now.getTime() > dueAt.getTime() ? now : dueAt);
      const [moved] = await tx
        .update(statusPosts)
        .set({ state: 'scheduled', nextAt, updatedAt: now })
        .where(isDue(post.id, dueAt))
        .returning({ id: statusPosts.id });
      if (moved) await enqueueRun(ctx, tx, post.id, nextAt);
    } else {
      await tx
        .update(statusPosts)
        .set({ state: 'finish', nextAt: null, updatedAt: now })
        .where(isDue(post.id, dueAt));
    }
    return true;
  });
  if (!recorded) return;
  ctx.jobs.wake();
  const [row] = await ctx.db.select().from(statusPosts).where(eq(statusPosts.id, post.id)).limit(1);
  if (row) await publishStatusPost(ctx, row);
}
