import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { WHATSAPP_MESSAGES, WHATSAPP_PACING } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, messages } from '../../db/schema';
import { RetryLaterError } from '../../jobs/runner';

export interface PacingOptions {
  /** random extra gap, 0..jitterMs (WHATSAPP_PACING.jitterMs) */
  jitterMs?: number;
  /** a slot at most this far away is waited for in the job; further ones re-queue the job */
  maxWaitMs?: number;
  /** how long to come back after the hourly cap was reached */
  capRetryMs?: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Reserves this number's next sending slot in the database (so every process shares one queue):
 * next_send_at moves to max(next_send_at, now) + min gap + jitter in one statement, and the slot is the
 * value before. A slot more than maxWaitMs away is not taken: the job is re-queued for later without
 * using an attempt (RetryLaterError); so is a send over the hourly cap. Resolves at the slot.
 */
export async function waitForSendSlot(
  ctx: AppContext,
  accountId: string,
  options: PacingOptions = {},
): Promise<void> {
  const jitterMs = options.jitterMs ?? WHATSAPP_PACING.jitterMs;
  const maxWaitMs = options.maxWaitMs ?? 15_000;

  const [account] = await ctx.db
    .select({ cap: accounts.sendHourlyCap })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new Error('account not found');
  const since = new Date(ctx.clock.now().getTime() - HOUR_MS);
  const [sent] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.isFromMe, true),
        inArray(messages.status, ['sent', 'unread', 'read']),
        gt(messages.createdAt, since),
      ),
    );
  if ((sent?.n ?? 0) >= account.cap) {
    throw new RetryLaterError(options.capRetryMs ?? 5 * 60_000, WHATSAPP_MESSAGES.hourlyCapReached);
  }

  const jitter = Math.floor(Math.random() * (jitterMs + 1));
  const start = sql`greatest(coalesce(${accounts.nextSendAt}, now()), now())`;
  const result = (await ctx.db.execute(sql`
    update ${accounts}
    set next_send_at = ${start} + ((${accounts.sendMinGapMs} + ${jitter}::int) * interval '1 millisecond')
    where ${accounts.id} = ${accountId}
      and ${start} <= now() + (${maxWaitMs}::int * interval '1 millisecond')
    returning extract(epoch from (next_send_at - now())) * 1000 - send_min_gap_ms - ${jitter}::int as wait_ms`)) as unknown as {
    rows: { wait_ms: number | string }[];
  };
  const reserved = result.rows[0];
  if (!reserved) {
    const far = (await ctx.db.execute(sql`
      select extract(epoch from (next_send_at - now())) * 1000 as wait_ms from ${accounts}
      where ${accounts.id} = ${accountId}`)) as unknown as { rows: { wait_ms: number | string }[] };
    const waitMs = Number(far.rows[0]?.wait_ms ?? 0);
    throw new RetryLaterError(Math.max(1000, Math.ceil(waitMs - maxWaitMs / 2)), WHATSAPP_MESSAGES.paced);
  }
  const waitMs = Number(reserved.wait_ms);
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}
