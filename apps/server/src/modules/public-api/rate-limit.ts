import { Redis } from 'ioredis';
import { interpolate, PUBLIC_API_MESSAGES } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

const WINDOW_MS = 60_000;
/** Local windows kept at most; older windows are dropped first when passed. */
const MAX_LOCAL_KEYS = 50_000;

/** What one counted request learned: the headers every answer carries, and whether it is over. */
export interface RateVerdict {
  limit: number;
  remaining: number;
  /** when the window ends, in Unix seconds (X-RateLimit-Reset) */
  resetAt: number;
  /** seconds until the window ends, when this request is over the budget (Retry-After) */
  retryAfter: number | null;
}

/**
 * The public API's budget per number (issue 26): a fixed window of one minute, counted atomically -
 * in this process (JavaScript runs one increment at a time), or with REDIS_URL in Redis (INCR, then
 * PEXPIRE) so every process shares one count. Should Redis fail, the request is counted here
 * instead: the limit holds per process rather than not at all. Keyed by the account, so a token
 * reset does not refill the budget.
 */
export class ApiRateLimiter {
  private readonly local = new Map<string, { window: number; count: number }>();

  private constructor(
    private readonly ctx: AppContext,
    private readonly redis: Redis | null,
  ) {}

  static async create(ctx: AppContext): Promise<ApiRateLimiter> {
    const url = ctx.config.redisUrl;
    if (!url) return new ApiRateLimiter(ctx, null);
    const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    redis.on('error', (err: unknown) => ctx.log.warn({ err }, 'api rate limit redis error'));
    await redis.connect();
    return new ApiRateLimiter(ctx, redis);
  }

  get limit(): number {
    return this.ctx.config.limits.apiPerMinute;
  }

  /** Counts one request of `key` in the current window. */
  async hit(key: string): Promise<RateVerdict> {
    const now = this.ctx.clock.now().getTime();
    const window = Math.floor(now / WINDOW_MS);
    const count = (this.redis && (await this.redisCount(key, window))) ?? this.localCount(key, window);
    const resetMs = (window + 1) * WINDOW_MS;
    const over = count > this.limit;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetAt: Math.ceil(resetMs / 1000),
      retryAfter: over ? Math.max(1, Math.ceil((resetMs - now) / 1000)) : null,
    };
  }

  private localCount(key: string, window: number): number {
    let entry = this.local.get(key);
    if (!entry || entry.window !== window) {
      if (!entry && this.local.size >= MAX_LOCAL_KEYS) this.dropOldWindows(window);
      entry = { window, count: 0 };
      this.local.set(key, entry);
    }
    entry.count += 1;
    return entry.count;
  }

  private dropOldWindows(window: number): void {
    for (const [key, entry] of this.local) if (entry.window < window) this.local.delete(key);
    // every key is in this window: forget the oldest (Map order) rather than grow without bound
    for (const key of this.local.keys()) {
      if (this.local.size < MAX_LOCAL_KEYS) break;
      this.local.delete(key);
    }
  }

  private async redisCount(key: string, window: number): Promise<number | null> {
    const redisKey = `sapa:api-rate:${key}:${window}`;
    try {
      const results = await this.redis!.multi()
        .incr(redisKey)
        .pexpire(redisKey, 2 * WINDOW_MS)
        .exec();
      const count = results?.[0]?.[1];
      return typeof count === 'number' ? count : null;
    } catch (err) {
      this.ctx.log.warn({ err }, 'api rate limit: redis unavailable, counting in this process');
      return null;
    }
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

/** The headers of a counted request; set on every answer, refusals included. */
export function rateHeaders(verdict: RateVerdict): Record<string, string> {
  return {
    'x-ratelimit-limit': String(verdict.limit),
    'x-ratelimit-remaining': String(verdict.remaining),
    'x-ratelimit-reset': String(verdict.resetAt),
  };
}

/** 429 with Retry-After (seconds) for a request over the budget. */
export function rateLimited(verdict: RateVerdict): AppError {
  const seconds = verdict.retryAfter ?? 1;
  return new AppError('RATE_LIMITED', interpolate(PUBLIC_API_MESSAGES.rateLimited, { seconds }), undefined, {
    ...rateHeaders(verdict),
    'retry-after': String(seconds),
  });
}
