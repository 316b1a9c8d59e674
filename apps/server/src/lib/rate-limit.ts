import { and, asc, eq, gt, lt } from 'drizzle-orm';
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
 * `check` refuses once `max` events happened within the window, naming the wait in minutes.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async count(key: string, rule: RateRule): Promise<{ count: number; oldest: Date | null }> {
    const since = new Date(this.clock.now().getTime() - rule.windowMs);
    const rows = await this.db
      .select({ createdAt: rateEvents.createdAt })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, since)))
      .orderBy(asc(rateEvents.createdAt))
      .limit(rule.max);
    return { count: rows.length, oldest: rows[0]?.createdAt ?? null };
  }

  /** Throws RATE_LIMITED when the key is at its limit. */
  async check(
    key: string,
    rule: RateRule,
    message: 'auth.tooManyAttempts' | 'common.rateLimited' = 'common.rateLimited',
  ) {
    const { count, oldest } = await this.count(key, rule);
    if (count < rule.max || !oldest) return;
    const waitMs = oldest.getTime() + rule.windowMs - this.clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new AppError('RATE_LIMITED', t(message, { minutes }), undefined, {
      'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
    });
  }

  async hit(key: string): Promise<void> {
    await this.db.insert(rateEvents).values({ key, createdAt: this.clock.now() });
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
