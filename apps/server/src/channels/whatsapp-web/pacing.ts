import { randomUUID } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { WHATSAPP_MESSAGES, WHATSAPP_PACING } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, rateEvents } from '../../db/schema';
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

/** The rate_events key under which a number's sends are reserved: one row a message, kept a day. */
const sendsOf = (accountId: string) => `wa-send:${accountId}`;
/** A message's reservation (its id in rate_events): a retry of the same message reuses it. */
const reservationOf = (messageId: string) => `wa-send:${messageId}`;

type Outcome = { kind: 'slot'; waitMs: number } | { kind: 'far'; waitMs: number } | { kind: 'cap' };

/**
 * Reserves this number's next sending slot in the database (so every process shares one queue):
 * next_send_at moves to max(next_send_at, now) + min gap + jitter, and the slot is the value before.
 * The hourly cap counts every send reserved in the last hour, those still in flight included: the
 * count and the reservation are made under the account row's lock, so however many sends run at
 * once (in one process or several), at most `send_hourly_cap` are reserved in any hour. A message
 * sent again (a retry) keeps its one reservation. A slot more than maxWaitMs away is not taken: the
 * job is re-queued for later without using an attempt (RetryLaterError); so is a send over the cap.
 * Resolves at the slot.
 */
export async function waitForSendSlot(
  ctx: AppContext,
  accountId: string,
  options: PacingOptions = {},
  messageId?: string,
): Promise<void> {
  const jitterMs = options.jitterMs ?? WHATSAPP_PACING.jitterMs;
  const maxWaitMs = options.maxWaitMs ?? 15_000;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - HOUR_MS);
  const reservation = reservationOf(messageId ?? randomUUID());
  const jitter = Math.floor(Math.random() * (jitterMs + 1));

  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    // the lock every reservation of this number takes first: counts and reservations one at a time
    const [account] = await tx
      .select({ cap: accounts.sendHourlyCap })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new Error('account not found');
    const [reserved] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.key, sendsOf(accountId)),
          gt(rateEvents.createdAt, since),
          ne(rateEvents.id, reservation),
        ),
      );
    if ((reserved?.n ?? 0) >= account.cap) return { kind: 'cap' };

    const start = sql`greatest(coalesce(${accounts.nextSendAt}, now()), now())`;
    const slot = (await tx.execute(sql`
      update ${accounts}
      set next_send_at = ${start} + ((${accounts.sendMinGapMs} + ${jitter}::int) * interval '1 millisecond')
      where ${accounts.id} = ${accountId}
        and ${start} <= now() + (${maxWaitMs}::int * interval '1 millisecond')
      returning extract(epoch from (next_send_at - now())) * 1000 - send_min_gap_ms - ${jitter}::int as wait_ms`)) as unknown as {
      rows: { wait_ms: number | string }[];
    };
    const taken = slot.rows[0];
    if (!taken) {
      const far = (await tx.execute(sql`
        select extract(epoch from (next_send_at - now())) * 1000 as wait_ms from ${accounts}
        where ${accounts.id} = ${accountId}`)) as unknown as { rows: { wait_ms: number | string }[] };
      return { kind: 'far', waitMs: Number(far.rows[0]?.wait_ms ?? 0) };
    }
    await tx
      .insert(rateEvents)
      .values({ id: reservation, key: sendsOf(accountId), createdAt: now })
      .onConflictDoUpdate({ target: rateEvents.id, set: { key: sendsOf(accountId), createdAt: now } });
    return { kind: 'slot', waitMs: Number(taken.wait_ms) };
  });

  if (outcome.kind === 'cap')
    throw new RetryLaterError(options.capRetryMs ?? 5 * 60_000, WHATSAPP_MESSAGES.hourlyCapReached);
  if (outcome.kind === 'far')
    throw new RetryLaterError(
      Math.max(1000, Math.ceil(outcome.waitMs - maxWaitMs / 2)),
      WHATSAPP_MESSAGES.paced,
    );
  if (outcome.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, outcome.waitMs));
}

/** Gives a message's reservation back when its send surely did not go out (the socket was gone). */
export async function releaseSendSlot(ctx: AppContext, messageId: string): Promise<void> {
  await ctx.db.delete(rateEvents).where(eq(rateEvents.id, reservationOf(messageId)));
}
