import { t } from '@sapa/contracts';
import { AppError } from './errors';

/**
 * A fixed-window counter in this process's memory, for limits checked on every call of a busy path
 * (the simulator's messages) where a database row per call would cost more than the work. Synchronous,
 * so a burst cannot slip past it; each process counts on its own (N processes allow N times `max`).
 */
export class MemoryLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one call for `key`; throws RATE_LIMITED once `max` calls happened in this window. */
  take(key: string, max: number, windowMs: number): void {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size > 10_000) this.prune(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= max) {
      const waitMs = window.start + windowMs - now;
      throw new AppError(
        'RATE_LIMITED',
        t('common.rateLimited', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }),
        undefined,
        { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
      );
    }
    window.count += 1;
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
  }
}
