import { eq, sql } from 'drizzle-orm';
import { billingSettings, DEFAULT_BILLING_SETTINGS, type BillingSettings } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { meta } from '../../db/schema';

/** The operator's billing settings live in `meta` under this key, as JSON (none: the defaults). */
const KEY = 'billing_settings';
/** Another process's change is seen within this long; this process's own at once. */
const CACHE_MS = 5_000;

const cache = new WeakMap<AppContext, { value: BillingSettings; until: number }>();

/**
 * The plans, durations, trial length and PPN on offer (issue 22 part 1): the operator's, else
 * DEFAULT_BILLING_SETTINGS. A stored document that no longer parses (a schema change) falls back to
 * the defaults and is logged, so buying never breaks on it. Inside a transaction, pass it as `db`: on
 * PGlite's one connection a read beside an open transaction waits for it to end.
 */
export async function billingSettingsOf(ctx: AppContext, db: Db | Tx = ctx.db): Promise<BillingSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY)).limit(1);
  let value = DEFAULT_BILLING_SETTINGS;
  if (row) {
    const parsed = billingSettings.safeParse(JSON.parse(row.value));
    if (parsed.success) value = parsed.data;
    else
      ctx.log.error({ issues: parsed.error.issues }, 'stored billing settings are invalid; using defaults');
  }
  cache.set(ctx, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** Forgets this process's copy of the settings: the next read goes to the database (tests, a reload). */
export function forgetBillingSettings(ctx: AppContext): void {
  cache.delete(ctx);
}

/** PUT /admin/billing: the operator replaces the settings (validated by the route). */
export async function saveBillingSettings(ctx: AppContext, input: BillingSettings): Promise<BillingSettings> {
  const value = JSON.stringify(input);
  await ctx.db
    .insert(meta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: sql`now()` } });
  cache.delete(ctx);
  return billingSettingsOf(ctx);
}
