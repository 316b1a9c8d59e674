import { and, desc, eq, inArray } from 'drizzle-orm';
import { t, type Account, type AccountType, type Paged } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountRow } from '../../channels/connector';
import type { Actor } from '../chat/actor';

export function toAccount(a: AccountRow): Account {
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
    pacing: a.provider === 'whatsapp-web' ? { minGapMs: a.sendMinGapMs, hourlyCap: a.sendHourlyCap } : null,
    createdAt: a.createdAt.toISOString(),
  };
}

/** GET /account: the tenant's accounts, newest first, optionally of some types. */
export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; limit: number; types: AccountType[] },
): Promise<Paged<Account>> {
  const where = [eq(accounts.ownerId, actor.ownerId)];
  if (query.types.length) where.push(inArray(accounts.type, query.types));
  const rows = await ctx.db
    .select()
    .from(accounts)
    .where(and(...where))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toAccount), hasNextPage: rows.length > query.limit };
}

export async function getAccount(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  const [row] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.ownerId, actor.ownerId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', t('chat.accountNotFound'));
  return row;
}

/** Every new owner gets a sandbox WhatsApp account to try the inbox without a phone. */
export async function createSandboxAccount(
  db: Db | Tx,
  ownerId: string,
  ownerName: string,
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
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}
