import { and, eq, lte, sql } from 'drizzle-orm';
import { canReply, INBOX_MESSAGES as M, type Chat, type ConversationStateBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { requireChat } from './messages';
import { publishChatEvent } from './publish';

/** A snooze reaches at most this far ahead. */
const MAX_SNOOZE_MS = 90 * 24 * 3600_000;
/** The job that opens a snoozed chat at its time (jobs/kinds.ts). */
export const WAKE_JOB = 'chat.wake';

/**
 * PUT /chat/{id}/state: resolves, reopens or snoozes a conversation (issue 21). The owner may, and
 * the agent the chat is assigned to (who may reply in it, spec §6); a snooze is woken by a job at
 * its time, or earlier by the customer's next message (ingest.ts).
 */
export async function setConversationState(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  body: ConversationStateBody,
): Promise<Chat> {
  const chat = await requireChat(ctx, actor, chatId);
  if (!canReply(actor, chat)) throw new AppError('FORBIDDEN', M.stateDenied);
  const now = ctx.clock.now();
  let snoozedUntil: Date | null = null;
  if (body.state === 'snoozed') {
    snoozedUntil = new Date(body.snoozedUntil);
    if (snoozedUntil.getTime() <= now.getTime())
      throw new AppError('VALIDATION', M.snoozeInvalid, { snoozedUntil: M.snoozeInvalid });
    if (snoozedUntil.getTime() - now.getTime() > MAX_SNOOZE_MS)
      throw new AppError('VALIDATION', M.snoozeTooFar, { snoozedUntil: M.snoozeTooFar });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(chats)
      .set({ conversationState: body.state, snoozedUntil, updatedAt: now })
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
    if (snoozedUntil)
      await ctx.jobs.enqueue(
        tx,
        WAKE_JOB,
        { chatId },
        {
          delayMs: snoozedUntil.getTime() - now.getTime(),
          dedupeKey: `wake:${chatId}:${snoozedUntil.getTime()}`,
        },
      );
  });
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  return requireChat(ctx, actor, chatId);
}

/**
 * The 'chat.wake' job: a snoozed chat whose time has come opens again (realtime chat.updated). A
 * chat snoozed again later, reopened or resolved meanwhile is left as it is.
 */
export function defineWakeJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: WAKE_JOB,
    async run({ chatId }) {
      const now = ctx.clock.now();
      const woken = await ctx.db
        .update(chats)
        .set({ conversationState: 'open', snoozedUntil: null, updatedAt: now })
        .where(
          and(
            eq(chats.id, chatId),
            eq(chats.conversationState, 'snoozed'),
            lte(chats.snoozedUntil, sql`${now.toISOString()}::timestamptz`),
          ),
        )
        .returning({ ownerId: chats.ownerId });
      if (woken[0]) await publishChatEvent(ctx, woken[0].ownerId, chatId, 'chat.updated');
    },
  });
}
