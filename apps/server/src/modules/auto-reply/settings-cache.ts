import { eq } from 'drizzle-orm';
import type { BusinessDay } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { autoReplies } from '../../db/schema';

/** What the listener needs of a number's settings; null when it sends nothing automatically. */
export interface ActiveSettings {
  ownerId: string;
  hours: BusinessDay[];
  awayText: string | null;
  greetingText: string | null;
}

/** Entries are read again after this long even without an event (a missed bus message heals). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  settings: ActiveSettings | null;
  at: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
    // a save in any process publishes account.updated: every process reads that number again
    ctx.bus.subscribe((message) => {
      if (message.kind === 'tenant' && message.event.type === 'account.updated' && message.event.account)
        cache!.delete(message.event.account._id);
    });
  }
  return cache;
}

/**
 * A number's automatic replies as the inbound listener needs them, cached per process: a customer's
 * message to a number without automatic replies costs no query.
 */
export async function activeSettings(ctx: AppContext, accountId: string): Promise<ActiveSettings | null> {
  const cache = cacheOf(ctx);
  const now = Date.now();
  const hit = cache.get(accountId);
  if (hit && now - hit.at < TTL_MS) return hit.settings;
  const [row] = await ctx.db.select().from(autoReplies).where(eq(autoReplies.accountId, accountId)).limit(1);
  const settings: ActiveSettings | null =
    row && (row.awayEnabled || row.greetingEnabled)
      ? {
          ownerId: row.ownerId,
          hours: row.hours as BusinessDay[],
          awayText: row.awayEnabled && row.awayText.trim() ? row.awayText : null,
          greetingText: row.greetingEnabled && row.greetingText.trim() ? row.greetingText : null,
        }
      : null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(accountId, { settings, at: now });
  return settings;
}

/** Drops a number's cached settings in this process (after a save). */
export function forgetSettings(ctx: AppContext, accountId: string): void {
  caches.get(ctx)?.delete(accountId);
}
