import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { t } from '@sapa/contracts';
import type { Db } from '../db/client';
import { rateEvents } from '../db/schema';
import type { Clock } from './clock';
import { AppError } from './errors';

export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * Counts events per key in the database so every server process sees the same counts.
 * `reserve` stores an attempt only while fewer than `max` happened within the window, and otherwise
 * refuses it naming the wait in minutes.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt and refuses it when the key already had `max` in the window, atomically:
   * a transaction takes the key's advisory lock, counts, and stores the attempt only when it passes,
   * so however many arrive at once (any process), exactly `max` pass a window and the rest are
   * refused. Refused attempts are not stored: they do not stretch the wait. Run it before the
   * expensive work (a password hash), not after. Returns the attempt's id for `release`.
   */
  async reserve(
    key: string,
    rule: RateRule,
    message:
      'auth.tooManyAttempts' | 'common.rateLimited' | ((waitMs: number) => AppError) = 'common.rateLimited',
  ): Promise<string> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - rule.windowMs);
    const outcome = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const rows = await tx
        .select({ createdAt: rateEvents.createdAt })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, since)))
        .orderBy(asc(rateEvents.createdAt))
        .limit(rule.max);
      if (rows.length >= rule.max) return { id: null, oldest: rows[0]!.createdAt };
      const [mine] = await tx
        .insert(rateEvents)
        .values({ key, createdAt: now })
        .returning({ id: rateEvents.id });
      if (!mine) throw new AppError('INTERNAL');
      return { id: mine.id, oldest: null };
    });
    if (outcome.id !== null) return outcome.id;
    const oldest = outcome.oldest ?? now;
    if (typeof message === 'function') throw message(oldest.getTime() + rule.windowMs - now.getTime());
    this.refuse(oldest, rule, message);
  }

  /** Takes back one reserved attempt (it turned out not to count, e.g. a login that succeeded). */
  async release(id: string): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.id, id));
  }

  private refuse(
    oldest: Date,
    rule: RateRule,
    message: 'auth.tooManyAttempts' | 'common.rateLimited',
  ): never {
    const waitMs = oldest.getTime() + rule.windowMs - this.clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new AppError('RATE_LIMITED', t(message, { minutes }), undefined, {
      'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
    });
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.key, key));
  }

  /** Drops events older than a day; run now and then. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - 24 * 60 * 60 * 1000);
    await this.db.delete(rateEvents).where(lt(rateEvents.createdAt, cutoff));
  }
}
