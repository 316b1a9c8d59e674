import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { t } from '@sapa/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { meta } from '../../db/schema';
import { randomToken, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { tokenFrom } from '../../plugins/auth';
import { resolveSession } from '../auth/sessions';
import { cachedAccount } from '../chat/account-cache';

/**
 * Who may use the customer simulator: the signed-in owner (every sandbox account of theirs), or
 * whoever holds one account's secret link (that account alone: the owner can hand a colleague or a
 * second phone the customer's side without their password). Nobody else, and never a real account.
 */
export type SandboxAccess =
  { via: 'session'; ownerId: string } | { via: 'link'; ownerId: string; accountId: string };

const SECRET_KEY = 'sandbox_link_secret';
const secrets = new WeakMap<AppContext, Promise<string>>();

/** The server's key for simulator links: made once per database, the same for every process. */
function linkSecret(ctx: AppContext): Promise<string> {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = (async () => {
      await ctx.db.insert(meta).values({ key: SECRET_KEY, value: randomToken() }).onConflictDoNothing();
      const [row] = await ctx.db.select().from(meta).where(eq(meta.key, SECRET_KEY)).limit(1);
      if (!row) throw new AppError('INTERNAL');
      return row.value;
    })();
    secret.catch(() => secrets.delete(ctx));
    secrets.set(ctx, secret);
  }
  return secret;
}

/** `<accountId>.<signature>`: the key of the simulator's secret link for one sandbox account. */
export async function sandboxLinkKey(ctx: AppContext, accountId: string): Promise<string> {
  const signature = createHmac('sha256', await linkSecret(ctx))
    .update(`sandbox:${accountId}`)
    .digest('base64url');
  return `${accountId}.${signature}`;
}

async function accountOfKey(ctx: AppContext, key: string): Promise<string | null> {
  const dot = key.lastIndexOf('.');
  if (dot <= 0 || key.length > 200) return null;
  const accountId = key.slice(0, dot);
  return safeEqual(await sandboxLinkKey(ctx, accountId), key) ? accountId : null;
}

/** The key a request carries: the `x-sandbox-key` header or the `key` query parameter (the socket's). */
function keyFrom(request: FastifyRequest): string | null {
  const header = request.headers['x-sandbox-key'];
  if (typeof header === 'string' && header) return header;
  const query = (request.query as { key?: unknown } | undefined)?.key;
  return typeof query === 'string' && query ? query : null;
}

/**
 * The caller's simulator rights, from an owner's session (header or, for the socket, `token` in
 * the query) or a link key. 401 without either; an agent's or operator's session is refused.
 */
export async function sandboxAccessOf(ctx: AppContext, request: FastifyRequest): Promise<SandboxAccess> {
  const token = tokenFrom(request) ?? (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token === 'string' && token) {
    const auth = await resolveSession(ctx, token);
    if (auth?.kind === 'user' && auth.ownerId) return { via: 'session', ownerId: auth.ownerId };
    if (auth) throw new AppError('OWNER_ONLY');
  }
  const key = keyFrom(request);
  if (key) {
    const accountId = await accountOfKey(ctx, key);
    const account = accountId ? await cachedAccount(ctx, accountId) : null;
    if (account && account.provider === 'sandbox' && !account.deletedAt) {
      return { via: 'link', ownerId: account.ownerId, accountId: account.id };
    }
  }
  throw new AppError('UNAUTHORIZED');
}

/**
 * A sandbox account the caller may use. Another tenant's account, a real (WhatsApp Web, Meta)
 * account, a deleted one, or for a link another account than its own: all the same 404.
 */
export async function sandboxAccountFor(ctx: AppContext, access: SandboxAccess, accountId: string) {
  const account = await cachedAccount(ctx, accountId);
  if (
    !account ||
    account.provider !== 'sandbox' ||
    account.deletedAt ||
    account.ownerId !== access.ownerId ||
    (access.via === 'link' && access.accountId !== account.id)
  ) {
    throw new AppError('NOT_FOUND', t('chat.accountNotFound'));
  }
  return account;
}
