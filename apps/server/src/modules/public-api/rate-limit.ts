import { isIPv6 } from 'node:net';
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
 * Counts per key in fixed windows of one minute, atomically: in this process (JavaScript runs one
 * increment at a time), or with Redis (INCR, then PEXPIRE) so every process shares one count. Should
 * Redis fail, the count is kept here instead: a limit holds per process rather than not at all.
 */
class WindowCounter {
  private readonly local = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly redis: Redis | null,
    /** the Redis key's prefix, one per kind of budget */
    private readonly prefix: string,
  ) {}

  /** Counts one more of `key` in `window`; returns the count so far, this one included. */
  async add(key: string, window: number): Promise<number> {
    return (this.redis && (await this.redisAdd(key, window))) ?? this.localAdd(key, window);
  }

  /** The count of `key` in `window`, without counting anything. */
  async peek(key: string, window: number): Promise<number> {
    if (this.redis) {
      const count = await this.redisPeek(key, window);
      if (count !== null) return count;
    }
    const entry = this.local.get(key);
    return entry?.window === window ? entry.count : 0;
  }

  private localAdd(key: string, window: number): number {
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

  private redisKey(key: string, window: number): string {
    return `${this.prefix}:${key}:${window}`;
  }

  private async redisAdd(key: string, window: number): Promise<number | null> {
    const redisKey = this.redisKey(key, window);
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

  private async redisPeek(key: string, window: number): Promise<number | null> {
    try {
      return Number((await this.redis!.get(this.redisKey(key, window))) ?? 0);
    } catch (err) {
      this.ctx.log.warn({ err }, 'api rate limit: redis unavailable, reading the count of this process');
      return null;
    }
  }
}

/**
 * The public API's budgets (issue 26), each a fixed window of one minute counted by WindowCounter
 * (in this process, or with REDIS_URL in Redis on one connection):
 *   - per number (`hit`): SAPA_API_RATE_PER_MINUTE requests, keyed by the account so a token reset
 *     does not refill it;
 *   - per client address (`clientRefused`, `failedAuth`): SAPA_API_AUTH_FAILURES_PER_MINUTE bearer
 *     tokens that match no number; past it, the address is refused everything on /api/v1 until the
 *     window ends, before its token is looked up (see publicApiGuard).
 */
export class ApiRateLimiter {
  private readonly perNumber: WindowCounter;
  private readonly authFailures: WindowCounter;

  private constructor(
    private readonly ctx: AppContext,
    private readonly redis: Redis | null,
  ) {
    this.perNumber = new WindowCounter(ctx, redis, 'sapa:api-rate');
    this.authFailures = new WindowCounter(ctx, redis, 'sapa:api-auth-fail');
  }

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

  /** The failed authentications one client address may make a minute. */
  get authFailureLimit(): number {
    return this.ctx.config.limits.apiAuthFailuresPerMinute;
  }

  /** Counts one request of the number `key` in the current window. */
  async hit(key: string): Promise<RateVerdict> {
    const { now, window } = this.window();
    return verdict(this.limit, await this.perNumber.add(key, window), window, now);
  }

  /**
   * Whether the client address `client` (clientKey) has used up its budget of failed
   * authentications this window: then its verdict (to refuse it with authLimited), else null.
   * Counts nothing.
   */
  async clientRefused(client: string): Promise<RateVerdict | null> {
    const { now, window } = this.window();
    const count = await this.authFailures.peek(client, window);
    if (count < this.authFailureLimit) return null;
    return verdict(this.authFailureLimit, count + 1, window, now);
  }

  /**
   * Counts one failed authentication of `client` (a bearer token that matched no number). Over the
   * budget, the verdict has a retryAfter: that request is refused with 429 instead of 401. The
   * first one over is logged, once per address and window.
   */
  async failedAuth(client: string): Promise<RateVerdict> {
    const { now, window } = this.window();
    const count = await this.authFailures.add(client, window);
    if (count === this.authFailureLimit + 1)
      this.ctx.log.warn({ client }, 'public api: too many invalid tokens from one address');
    return verdict(this.authFailureLimit, count, window, now);
  }

  private window(): { now: number; window: number } {
    const now = this.ctx.clock.now().getTime();
    return { now, window: Math.floor(now / WINDOW_MS) };
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

/** What a count of `count` (this request included) against `limit` means in `window`. */
function verdict(limit: number, count: number, window: number, now: number): RateVerdict {
  const resetMs = (window + 1) * WINDOW_MS;
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: Math.ceil(resetMs / 1000),
    retryAfter: count > limit ? Math.max(1, Math.ceil((resetMs - now) / 1000)) : null,
  };
}

/**
 * The key a client address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one as
 * IPv4), an IPv6 address by its /64 prefix - one subscriber's whole network, which it can move around
 * in freely. The address is Fastify's request.ip, so TRUST_PROXY decides whether X-Forwarded-For
 * names it (as for the sign-in limits).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv6(ip)) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail as two groups). */
function expandIPv6(ip: string): string[] {
  let address = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
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

/**
 * 429 with Retry-After for a client address over its budget of invalid tokens. No X-RateLimit-*
 * headers: those describe a number's budget, and no number is known here.
 */
export function authLimited(verdict: RateVerdict): AppError {
  const seconds = verdict.retryAfter ?? 1;
  return new AppError(
    'RATE_LIMITED',
    interpolate(PUBLIC_API_MESSAGES.authFailuresLimited, { seconds }),
    undefined,
    { 'retry-after': String(seconds) },
  );
}
