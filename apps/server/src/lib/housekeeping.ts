import { lt, or, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { passwordResets, sessions, verificationCodes } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

/** Deletes what can no longer be used: old rate events, dead sessions, spent codes and links. */
export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await ctx.limiter.prune();
  await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now - DAY)), lt(sessions.revokedAt, new Date(now - 7 * DAY))));
  await ctx.db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(now - DAY)));
  await ctx.db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, new Date(now - DAY)), isNotNull(passwordResets.usedAt)));
}

/** Runs `sweep` every hour in this process; safe to run in several processes at once. */
export function startHousekeeping(ctx: AppContext): () => void {
  const timer = setInterval(
    () => {
      sweep(ctx).catch((err: unknown) => ctx.log.error({ err }, 'housekeeping failed'));
    },
    60 * 60 * 1000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
