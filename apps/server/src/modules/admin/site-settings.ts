import { eq, sql } from 'drizzle-orm';
import { NO_CLOUD_PRICES, siteSettings, type SiteSettings } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { meta } from '../../db/schema';
import type { AuthContext } from '../auth/sessions';
import { recordAudit } from './audit';

/** The operator's site settings live in `meta` under this key, as JSON (none: the environment's). */
const KEY = 'site_settings';
/** Another process's change is seen within this long; this process's own at once. */
const CACHE_MS = 5_000;
/** The article link's placeholder of older deployments: the articles now live on this site. */
const OLD_ARTICLE_PLACEHOLDER = 'https://sapa.example/artikel';

const cache = new WeakMap<AppContext, { value: SiteSettings; until: number }>();

/** What a deployment starts with: SAPA_BETA_PATHS and the SAPA_LINK_* values. */
export function defaultSiteSettings(ctx: AppContext): SiteSettings {
  const { links } = ctx.config;
  return {
    betaPaths: [...ctx.config.betaPaths],
    links: {
      tutorial: links.tutorial,
      customerService: links.customerService,
      article: links.article === OLD_ARTICLE_PLACEHOLDER ? '/artikel' : links.article,
    },
    cloudPrices: { ...NO_CLOUD_PRICES },
  };
}

/**
 * The pages only beta users may open (spec §5) and the 'Menu Lainnya' links (issue 23): the
 * operator's, else the environment's. Read by /api/config on every call, so a change applies without
 * a restart. A stored document that no longer parses falls back to the defaults and is logged.
 */
export async function siteSettingsOf(ctx: AppContext): Promise<SiteSettings> {
  const hit = cache.get(ctx);
  if (hit && hit.until > Date.now()) return hit.value;
  const [row] = await ctx.db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY)).limit(1);
  let value = defaultSiteSettings(ctx);
  if (row) {
    const parsed = siteSettings.safeParse(JSON.parse(row.value));
    if (parsed.success) value = parsed.data;
    else ctx.log.error({ issues: parsed.error.issues }, 'stored site settings are invalid; using defaults');
  }
  cache.set(ctx, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** PUT /admin/setting/site: the operator replaces the settings (validated by the route), audited. */
export async function saveSiteSettings(
  ctx: AppContext,
  auth: AuthContext,
  input: SiteSettings,
): Promise<SiteSettings> {
  const before = await siteSettingsOf(ctx);
  const next: SiteSettings = { ...input, betaPaths: [...new Set(input.betaPaths)] };
  const value = JSON.stringify(next);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(meta)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: sql`now()` } });
    await recordAudit(
      ctx,
      auth,
      { action: 'settings.site', targetType: 'settings', targetId: 'site', before, after: next },
      tx,
    );
  });
  cache.delete(ctx);
  return siteSettingsOf(ctx);
}
