import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCESS_MESSAGES, INTEGRATION_MESSAGES as M, isUnder, type ChannelLinkKind } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { metaOauthStates, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/sessions';
import { siteSettingsOf } from '../admin/site-settings';
import { requireSubscription } from '../billing/subscription';
import { requireMetaConfigured } from './info';

/** A login's state is good for ten minutes (issue 25 part 2): the dialog takes a minute or two. */
export const META_STATE_TTL_MS = 10 * 60 * 1000;
/** How many logins one owner may start: 30 in ten minutes (a person clicking, with retries). */
export const META_LOGIN_RATE = { max: 30, windowMs: 10 * 60 * 1000 };
/** Finished or abandoned states are removed a day after they expired (kept that long for support). */
const STATE_KEEP_MS = 24 * 60 * 60 * 1000;

const PAGE_SCOPES = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement'];

/**
 * The permissions each kind of link needs (channels reference §2.1): the Page's list, messages and
 * webhooks; for Instagram also the professional account and its messages. business_management is
 * asked too (Pages in a Business portfolio need it) but not required.
 */
export const REQUIRED_PERMISSIONS: Record<'messenger' | 'instagram', string[]> = {
  messenger: PAGE_SCOPES,
  instagram: [...PAGE_SCOPES, 'instagram_basic', 'instagram_manage_messages'],
};

const SCOPES: Record<ChannelLinkKind, string[]> = {
  messenger: [...REQUIRED_PERMISSIONS.messenger, 'business_management'],
  instagram: [...REQUIRED_PERMISSIONS.instagram, 'business_management'],
  'whatsapp-cloud': ['whatsapp_business_management', 'whatsapp_business_messaging', 'business_management'],
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Where the dialog sends the browser back: the kind's callback page (spec: /user/integration/{kind}/
 * callback). The code exchange must name exactly the same address.
 */
export function metaRedirectUri(ctx: AppContext, kind: ChannelLinkKind): string {
  return `${ctx.config.publicUrl}/user/integration/${kind}/callback`;
}

/**
 * The beta gating of the Instagram and Messenger tabs (spec §5) held on the server too: an owner who
 * is not a beta user cannot link through a page the site keeps for beta users.
 */
export async function requireBetaAccess(
  ctx: AppContext,
  ownerId: string,
  kind: ChannelLinkKind,
): Promise<void> {
  const { betaPaths } = await siteSettingsOf(ctx);
  const path = `/user/integration/${kind}`;
  if (!betaPaths.some((prefix) => isUnder(path, prefix))) return;
  const [owner] = await ctx.db
    .select({ isBetaUser: users.isBetaUser })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  if (!owner?.isBetaUser) throw new AppError('FORBIDDEN', ACCESS_MESSAGES['access.betaOnly']);
}

/**
 * POST /integration/meta/login: the Facebook dialog's address for `kind`, with a fresh state. The
 * state is 256 random bits; only its hash is kept, bound to the owner, the session that asked and
 * the kind, for ten minutes, so a link forged elsewhere or replayed later cannot finish a login.
 */
export async function startMetaLogin(
  ctx: AppContext,
  auth: AuthContext,
  kind: ChannelLinkKind,
): Promise<{ url: string }> {
  const ownerId = auth.ownerId!;
  requireMetaConfigured(ctx);
  const { meta } = ctx.config;
  const configId = kind === 'whatsapp-cloud' ? meta.whatsappConfigId : meta.loginConfigId;
  if (kind === 'whatsapp-cloud' && !configId) throw new AppError('VALIDATION', M.notConfigured);
  await requireBetaAccess(ctx, ownerId, kind);
  await requireSubscription(ctx, ownerId);
  // each start stores a state: an owner starts a few logins an hour, never thousands
  await ctx.limiter.reserve(`meta-login:${ownerId}`, META_LOGIN_RATE);
  const state = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db
    .delete(metaOauthStates)
    .where(lt(metaOauthStates.expiresAt, new Date(now.getTime() - STATE_KEEP_MS)));
  await ctx.db.insert(metaOauthStates).values({
    stateHash: sha256(state),
    ownerId,
    sessionHash: sha256(auth.sessionId),
    kind,
    expiresAt: new Date(now.getTime() + META_STATE_TTL_MS),
    createdAt: now,
  });
  const url = new URL(`${meta.dialogUrl}/${meta.graphVersion}/dialog/oauth`);
  url.searchParams.set('client_id', meta.appId);
  url.searchParams.set('redirect_uri', metaRedirectUri(ctx, kind));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES[kind].join(','));
  if (configId) url.searchParams.set('config_id', configId);
  return { url: url.toString() };
}

/**
 * Uses a login's state once: it must be this owner's, started by this session for this kind, not
 * expired and not used. One UPDATE ... RETURNING decides, so of two calls racing with the same state
 * exactly one wins. Anything else is 400 'Sesi penautan sudah kedaluwarsa atau sudah dipakai'.
 */
export async function consumeMetaState(
  ctx: AppContext,
  auth: AuthContext,
  kind: ChannelLinkKind,
  state: string,
): Promise<void> {
  const now = ctx.clock.now();
  const used = await ctx.db
    .update(metaOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(metaOauthStates.stateHash, sha256(state)),
        eq(metaOauthStates.ownerId, auth.ownerId!),
        eq(metaOauthStates.sessionHash, sha256(auth.sessionId)),
        eq(metaOauthStates.kind, kind),
        isNull(metaOauthStates.usedAt),
        gt(metaOauthStates.expiresAt, now),
      ),
    )
    .returning({ stateHash: metaOauthStates.stateHash });
  if (!used.length) throw new AppError('VALIDATION', M.loginExpired);
}
