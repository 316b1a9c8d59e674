import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import type { AccountRow } from '../../channels/connector';

const TTL_MS = 30_000;
const cache = new WeakMap<AppContext, Map<string, { row: AccountRow; until: number }>>();

/**
 * Accounts change rarely and are read on every inbound message; keep them for 30 s per process.
 * Call `forgetAccount` after changing one (same process); other processes catch up within the TTL.
 */
export async function cachedAccount(ctx: AppContext, accountId: string): Promise<AccountRow | null> {
  let map = cache.get(ctx);
  if (!map) cache.set(ctx, (map = new Map()));
  const hit = map.get(accountId);
  const now = Date.now();
  if (hit && hit.until > now) return hit.row;
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) {
    map.delete(accountId);
    return null;
  }
  map.set(accountId, { row, until: now + TTL_MS });
  return row;
}

export function forgetAccount(ctx: AppContext, accountId: string): void {
  cache.get(ctx)?.delete(accountId);
}
