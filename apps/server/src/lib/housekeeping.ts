import { and, lt, ne, or, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { removeUnstartedImports } from '../modules/group/import/service';
import { expireTransactions } from '../modules/billing/transactions';
import { sendExpiryReminders } from '../modules/billing/notices';
import { pruneIdempotency } from '../modules/public-api/idempotency';
import {
  chatSearch,
  passwordResets,
  pendingRegistrations,
  sessions,
  verificationCodes,
  webhookEvents,
} from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: old rate events, dead sessions, spent codes and links, stale
 * registrations, the public API's idempotency keys past 24 h; ends purchases whose payment window has
 * passed. Also mails the owners whose subscription ends soon (once per end and step:
 * sendExpiryReminders).
 */
export async function sweep(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await ctx.limiter.prune();
  // the public API's Idempotency-Keys answer for 24 h (issue 26)
  await pruneIdempotency(ctx);
  // a number's webhook delivery log keeps 30 days (issue 26)
  await ctx.db
    .delete(webhookEvents)
    .where(and(lt(webhookEvents.createdAt, new Date(now - 30 * DAY)), ne(webhookEvents.status, 'pending')));
  await removeUnstartedImports(ctx);
  await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now - DAY)), lt(sessions.revokedAt, new Date(now - 7 * DAY))));
  await ctx.db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(now - DAY)));
  await ctx.db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, new Date(now - DAY)), isNotNull(passwordResets.usedAt)));
  await ctx.db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date(now - DAY)));
  await expireTransactions(ctx);
  await sendExpiryReminders(ctx);
}

/**
 * ANALYZEs the tables that grew by a fifth (or were never analyzed) since their statistics were
 * taken, and returns their names. PostgreSQL's autovacuum does this on its own; PGlite has no
 * autovacuum, so without this the planner never learns how big the inbox got, and searches chose
 * plans that took 80-200 ms instead of 10. Cheap when nothing grew: one catalogue query.
 */
export async function refreshStatistics(ctx: AppContext): Promise<string[]> {
  const grown = (await ctx.db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and pg_relation_size(c.oid) / current_setting('block_size')::int >= greatest(8, c.relpages * 1.2)
      order by c.relname`)) as unknown as { rows: { name: string }[] };
  const names = grown.rows.map((row) => row.name);
  for (const name of names) await ctx.db.execute(sql`analyze ${sql.identifier(name)}`);
  return names;
}

const STATISTICS_EVERY_MS = 10 * 60 * 1000;

/**
 * Rebuilds up to `limit` chats' search words that an edit, a revoke or a move of a message made
 * stale (migration 0008), and returns how many. Until then the search reads those chats' messages,
 * so a stale row is slower, never wrong.
 */
export async function rebuildSearchWords(ctx: AppContext, limit = 500): Promise<number> {
  const stale = (await ctx.db.execute(
    sql`select ${chatSearch.chatId} as id from ${chatSearch} where ${chatSearch.stale} limit ${limit}`,
  )) as unknown as { rows: { id: string }[] };
  for (const { id } of stale.rows) await ctx.db.execute(sql`select sapa_chat_search_rebuild(${id})`);
  return stale.rows.length;
}

const SEARCH_WORDS_EVERY_MS = 60 * 1000;

/**
 * Runs `sweep` every hour in this process, `rebuildSearchWords` every minute, and on PGlite
 * `refreshStatistics` every 10 minutes; safe to run in several processes at once.
 */
export function startHousekeeping(ctx: AppContext): () => void {
  const timers = [
    setInterval(
      () => {
        sweep(ctx).catch((err: unknown) => ctx.log.error({ err }, 'housekeeping failed'));
      },
      60 * 60 * 1000,
    ),
    setInterval(() => {
      rebuildSearchWords(ctx).catch((err: unknown) => ctx.log.error({ err }, 'search words rebuild failed'));
    }, SEARCH_WORDS_EVERY_MS),
  ];
  if (ctx.database.kind === 'pglite') {
    timers.push(
      setInterval(() => {
        refreshStatistics(ctx).catch((err: unknown) => ctx.log.error({ err }, 'analyze failed'));
      }, STATISTICS_EVERY_MS),
    );
  }
  for (const timer of timers) timer.unref();
  return () => timers.forEach((timer) => clearInterval(timer));
}
