import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  WHATSAPP_MESSAGES as M,
  type Account,
  type AccountLinking,
  type AccountType,
  type ChannelLinkKind,
  type Paged,
  type WhatsappGroup,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts, channelLinks, users, whatsappGroups } from '../../db/schema';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import type { AccountRow } from '../../channels/connector';
import type { Actor } from '../auth/actor';
import { forgetAccount } from '../chat/account-cache';
import { whatsappControl } from './whatsapp-control';
import { requireSubscription } from '../billing/subscription';
import { requirePlanRoom } from '../billing/plan-limits';

export const WHATSAPP_WEB = 'whatsapp-web';

type ChannelLinkRow = typeof channelLinks.$inferSelect;

/** An account as the API shows it; Meta and Cloud API accounts with their link (issue 25). */
export function toAccount(a: AccountRow, link: ChannelLinkRow | null = null): Account {
  return {
    _id: a.id,
    id: a.id,
    type: a.type,
    label: { name: a.labelName, phoneNumber: a.phoneNumber },
    isSandbox: a.provider === 'sandbox',
    provider: a.provider,
    status: a.status,
    statusReason: a.statusReason ?? null,
    lastSeenAt: a.lastSeenAt ? a.lastSeenAt.toISOString() : null,
    linking: (a.linking as Account['linking']) ?? null,
    pacing: a.provider === WHATSAPP_WEB ? { minGapMs: a.sendMinGapMs, hourlyCap: a.sendHourlyCap } : null,
    roundRobin: a.roundRobin,
    channel: link
      ? {
          kind: link.kind as ChannelLinkKind,
          externalId: link.externalId,
          parentId: link.parentId,
          handle: link.handle,
          picture: link.picture,
          needsRelink: link.tokenInvalidAt !== null,
          humanAgent: link.humanAgent,
        }
      : null,
    createdAt: a.createdAt.toISOString(),
  };
}

/** Tells the tenant's open tabs (the integration page) that an account changed. */
export function publishAccount(ctx: AppContext, row: AccountRow, link: ChannelLinkRow | null = null): void {
  ctx.bus.publish({
    kind: 'tenant',
    ownerId: row.ownerId,
    event: { type: 'account.updated', chat: null, message: null, account: toAccount(row, link) },
  });
}

/** GET /account: the tenant's accounts (deleted ones never), newest first, optionally of some types. */
export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; limit: number; types: AccountType[] },
): Promise<Paged<Account>> {
  const where = [eq(accounts.ownerId, actor.ownerId), isNull(accounts.deletedAt)];
  if (query.types.length) where.push(inArray(accounts.type, query.types));
  const rows = await ctx.db
    .select({ account: accounts, link: channelLinks })
    .from(accounts)
    .leftJoin(channelLinks, eq(channelLinks.accountId, accounts.id))
    .where(and(...where))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((r) => toAccount(r.account, r.link)),
    hasNextPage: rows.length > query.limit,
  };
}

/** An account of this tenant that has not been deleted, or NOT_FOUND (never another tenant's). */
export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.ownerId, actor.ownerId), isNull(accounts.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.accountNotFound);
  return row;
}

/** A WhatsApp account (sandbox or linked) of this tenant. */
export async function getWhatsappAccount(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  const row = await getAccount(ctx, actor, id);
  if (row.type !== 'whatsapp') throw new AppError('VALIDATION', M.notWhatsappWeb);
  return row;
}

/** A WhatsApp Web number (linked through the phone) of this tenant. */
async function getWhatsappWebAccount(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  const row = await getAccount(ctx, actor, id);
  if (row.provider !== WHATSAPP_WEB) throw new AppError('VALIDATION', M.notWhatsappWeb);
  return row;
}

async function reload(ctx: AppContext, id: string): Promise<AccountRow> {
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.accountNotFound);
  return row;
}

function pendingLinking(method: 'qr' | 'code'): AccountLinking {
  return { method, qr: null, code: null, expiresAt: null };
}

/**
 * Asks the connector to link (after commit). Should it refuse outright, the number shows as
 * disconnected with a reason instead of spinning forever on the integration page.
 */
async function requestLink(
  ctx: AppContext,
  row: AccountRow,
  method: 'qr' | 'code',
  phoneNumber: string | undefined,
): Promise<void> {
  try {
    await whatsappControl(ctx).link(row.ownerId, row.id, method, phoneNumber);
  } catch (err) {
    ctx.log.warn({ err, accountId: row.id }, 'whatsapp link request failed');
    const [failed] = await ctx.db
      .update(accounts)
      .set({ status: 'disconnected', statusReason: M.unreachable, linking: null })
      .where(and(eq(accounts.id, row.id), eq(accounts.status, 'connecting')))
      .returning();
    if (failed) publishAccount(ctx, failed);
  }
  forgetAccount(ctx, row.id);
}

/** POST /account/whatsapp: a new WhatsApp Web number in linking state; the connector starts linking. */
export async function createWhatsappAccount(
  ctx: AppContext,
  actor: Actor,
  body: { labelName: string; method: 'qr' | 'code'; phoneNumber?: string | undefined },
): Promise<Account> {
  await requireSubscription(ctx, actor.ownerId);
  const [row] = await ctx.db.transaction(async (tx) => {
    await requirePlanRoom(ctx, tx, actor.ownerId, 'numbers');
    return tx
      .insert(accounts)
      .values({
        ownerId: actor.ownerId,
        type: 'whatsapp',
        provider: WHATSAPP_WEB,
        labelName: body.labelName,
        phoneNumber: body.phoneNumber ?? '',
        status: 'connecting',
        statusReason: null,
        linking: pendingLinking(body.method),
        createdAt: ctx.clock.now(),
      })
      .returning();
  });
  if (!row) throw new AppError('INTERNAL');
  await requestLink(ctx, row, body.method, body.phoneNumber);
  const fresh = await reload(ctx, row.id);
  publishAccount(ctx, fresh);
  return toAccount(fresh);
}

/** POST /account/whatsapp/{id}/link: links an existing number again (not while it is connected). */
export async function relinkWhatsappAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { method: 'qr' | 'code'; phoneNumber?: string | undefined },
): Promise<Account> {
  const current = await getWhatsappWebAccount(ctx, actor, id);
  if (current.status === 'connected') throw new AppError('CONFLICT', M.alreadyConnected);
  const [row] = await ctx.db
    .update(accounts)
    .set({ status: 'connecting', statusReason: null, linking: pendingLinking(body.method) })
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', M.accountNotFound);
  publishAccount(ctx, row);
  await requestLink(ctx, row, body.method, body.phoneNumber);
  return toAccount(await reload(ctx, id));
}

/** PUT /account/{id}: rename; a WhatsApp Web number also takes its sending pace. */
export async function updateAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: {
    labelName?: string | undefined;
    sendMinGapMs?: number | undefined;
    sendHourlyCap?: number | undefined;
  },
): Promise<Account> {
  const current = await getAccount(ctx, actor, id);
  const set: Partial<typeof accounts.$inferInsert> = {};
  if (body.labelName !== undefined) set.labelName = body.labelName;
  const pacing = body.sendMinGapMs !== undefined || body.sendHourlyCap !== undefined;
  if (pacing && current.provider !== WHATSAPP_WEB) throw new AppError('VALIDATION', M.notWhatsappWeb);
  if (body.sendMinGapMs !== undefined) set.sendMinGapMs = body.sendMinGapMs;
  if (body.sendHourlyCap !== undefined) set.sendHourlyCap = body.sendHourlyCap;
  if (!Object.keys(set).length) return toAccount(current);
  const [row] = await ctx.db.update(accounts).set(set).where(eq(accounts.id, id)).returning();
  if (!row) throw new AppError('NOT_FOUND', M.accountNotFound);
  forgetAccount(ctx, id);
  publishAccount(ctx, row);
  return toAccount(row);
}

/**
 * DELETE /account/{id}: hidden from every list and never connected again; a WhatsApp Web number is
 * logged out of the phone. Its chats stay readable (sending in them is refused).
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const current = await getAccount(ctx, actor, id);
  const [row] = await ctx.db
    .update(accounts)
    .set({
      deletedAt: ctx.clock.now(),
      status: 'disconnected',
      statusReason: null,
      linking: null,
      leaseHolder: null,
      leaseExpiresAt: null,
      apiTokenHash: null,
    })
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .returning();
  forgetAccount(ctx, id);
  if (!row) return;
  announceTokenGone(ctx, id);
  // a Meta account's link goes, so its Page, Instagram account or number can be linked again (issue 25)
  const { removeChannelLink } = await import('../integration/meta-link');
  await removeChannelLink(ctx, id);
  if (current.provider === WHATSAPP_WEB) {
    await whatsappControl(ctx)
      .logout(id)
      .catch((err: unknown) => ctx.log.warn({ err, accountId: id }, 'whatsapp logout failed'));
  }
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** PUT /account/whatsapp/{id}/reset-token: a new per-account API token; only its hash is kept. */
export async function resetApiToken(ctx: AppContext, actor: Actor, id: string): Promise<string> {
  await getWhatsappAccount(ctx, actor, id);
  const token = `sapa_${randomBytes(32).toString('base64url')}`;
  await ctx.db
    .update(accounts)
    .set({ apiTokenHash: hashApiToken(token) })
    .where(eq(accounts.id, id));
  forgetAccount(ctx, id);
  announceTokenGone(ctx, id);
  return token;
}

/** The (not deleted) account a per-account API token belongs to, or null; the old token after a reset is null. */
export async function accountByApiToken(ctx: AppContext, token: string): Promise<AccountRow | null> {
  if (!token) return null;
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.apiTokenHash, hashApiToken(token)), isNull(accounts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The public API's caller (issue 26): the live account a per-account API token belongs to and whether
 * its owner is disabled (issue 23), in one indexed read of the token's hash; null for a token that
 * was reset, a deleted number or no token at all. Kept a few seconds per process (see tokenCacheOf):
 * a reset refuses the old token at once, in every process. Run on every call of /api/v1, so built once per database as a
 * named prepared statement (building it through Drizzle cost more CPU than PostgreSQL spent on it).
 */
export async function apiTokenHolder(
  ctx: AppContext,
  token: string,
): Promise<{ account: AccountRow; ownerDisabled: boolean } | null> {
  if (!token || token.length > 200) return null;
  const hash = hashApiToken(token);
  const cache = tokenCacheOf(ctx);
  const now = Date.now();
  const hit = cache.holders.get(hash);
  if (hit && hit.until > now) return hit.holder;
  const generation = cache.generation;
  const row = await tokenHolderLoader(ctx.db)(hash);
  if (!row) {
    cache.holders.delete(hash);
    return null;
  }
  const holder = { account: row.account, ownerDisabled: row.ownerDisabledAt !== null };
  // not when a reset, a deletion or a disabled owner was announced while this read was under way:
  // it may have read the number as it was before
  if (!holder.ownerDisabled && cache.generation === generation) {
    if (cache.holders.size >= MAX_CACHED_TOKENS) cache.holders.clear();
    cache.holders.set(hash, { holder, until: now + API_TOKEN_CACHE_MS });
  }
  return holder;
}

/**
 * The public API's callers this process has read, by their token's hash: each is trusted for
 * API_TOKEN_CACHE_MS without a query (a read a request was ~6 ms of waiting at 50 clients, the
 * public API bench). What would refuse a token is announced on the bus after its commit and forgotten
 * by every process at once (forgetApiTokens): a reset or a deleted number (here), a disabled owner
 * (admin/user-access.ts). A disabled owner's number is never kept, so enabling the owner needs no
 * announcement; the time only bounds what a lost announcement could leave behind.
 */
const API_TOKEN_CACHE_MS = 5_000;
const MAX_CACHED_TOKENS = 10_000;
type TokenHolder = { account: AccountRow; ownerDisabled: boolean };
interface TokenCache {
  holders: Map<string, { holder: TokenHolder; until: number }>;
  /** moved by every forgetApiTokens: a read that began before one is not kept */
  generation: number;
}
const tokenCaches = new WeakMap<AppContext, TokenCache>();
function tokenCacheOf(ctx: AppContext): TokenCache {
  let cache = tokenCaches.get(ctx);
  if (!cache) tokenCaches.set(ctx, (cache = { holders: new Map(), generation: 0 }));
  return cache;
}

/** Forgets the kept callers of a number, or of every number of an owner (bus: 'api-token', 'revoke'). */
export function forgetApiTokens(ctx: AppContext, match: { accountId?: string; ownerId?: string }): void {
  const cache = tokenCacheOf(ctx);
  cache.generation += 1;
  for (const [hash, { holder }] of cache.holders) {
    if (holder.account.id === match.accountId || holder.account.ownerId === match.ownerId) {
      cache.holders.delete(hash);
    }
  }
}

/** After the commit of a reset or a deletion: this process forgets the number's token, then every other. */
function announceTokenGone(ctx: AppContext, accountId: string): void {
  forgetApiTokens(ctx, { accountId });
  ctx.bus.publish({ kind: 'api-token', accountId });
}

type TokenHolderRow = { account: AccountRow; ownerDisabledAt: Date | null };

/**
 * The token's number, read on every public API request: concurrent requests' reads go as one
 * statement (lib/coalesce.ts). Both statements are built once per database as named prepared ones.
 */
const tokenHolderLoader = perDatabase((db: Db) => {
  const one = tokenHolderQuery(db).prepare('api_token_holder');
  const many = tokenHoldersQuery(db).prepare('api_token_holders');
  return coalescer<string, TokenHolderRow | null>(
    async (hashes) => {
      const rows = await many.execute({ hashes: [...new Set(hashes)] });
      const byHash = new Map(rows.map((row) => [row.account.apiTokenHash, row]));
      return hashes.map((hash) => byHash.get(hash) ?? null);
    },
    async (hash) => (await one.execute({ hash }))[0] ?? null,
  );
});

const tokenHolderQuery = (db: Db) =>
  db
    .select({ account: accounts, ownerDisabledAt: users.disabledAt })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(and(eq(accounts.apiTokenHash, sql.placeholder('hash')), isNull(accounts.deletedAt)))
    .limit(1);
const tokenHoldersQuery = (db: Db) =>
  db
    .select({ account: accounts, ownerDisabledAt: users.disabledAt })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(
      and(
        sql`${accounts.apiTokenHash} = any(${sql.placeholder('hashes')}::text[])`,
        isNull(accounts.deletedAt),
      ),
    );

/** GET /account/whatsapp/{id}/group: the groups the number is in, alphabetical (none for a sandbox). */
export async function listWhatsappGroups(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<{ docs: WhatsappGroup[] }> {
  const account = await getWhatsappAccount(ctx, actor, id);
  const rows = await ctx.db
    .select()
    .from(whatsappGroups)
    .where(eq(whatsappGroups.accountId, account.id))
    .orderBy(asc(sql`lower(${whatsappGroups.name})`), asc(whatsappGroups.jid))
    .limit(1000);
  return { docs: rows.map((g) => ({ id: g.jid, name: g.name || g.jid, participants: g.participants })) };
}

/**
 * Every new owner gets a sandbox WhatsApp account to try the inbox without a phone; it counts as
 * linked `now` (bulk sends warm up over a number's first days).
 */
export async function createSandboxAccount(
  db: Db | Tx,
  ownerId: string,
  ownerName: string,
  now: Date = new Date(),
): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({
      ownerId,
      type: 'whatsapp',
      provider: 'sandbox',
      labelName: `Sandbox ${ownerName}`.slice(0, 100),
      phoneNumber: '6280000000000',
      status: 'connected',
      linkedAt: now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}
