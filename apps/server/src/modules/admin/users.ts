import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AdminUser, AdminUserDetail, AdminUserListQuery, AdminUserState } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, agents, subscriptionAdjustments, transactions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toTransaction } from '../billing/transactions';

/** The answer for an id that is no owner's. */
export const USER_NOT_FOUND = 'Pengguna tidak ditemukan';

/** The columns of an owner the users page shows (never the password hash). */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  isVerified: users.isVerified,
  isBetaUser: users.isBetaUser,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
  subscriptionPlan: users.subscriptionPlan,
  trialActivatedAt: users.trialActivatedAt,
  referralCode: users.referralCode,
  referredById: users.referredById,
  lastActiveAt: users.lastActiveAt,
  disabledAt: users.disabledAt,
  disabledReason: users.disabledReason,
  createdAt: users.createdAt,
};
type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

/**
 * An owner's state on the users page: disabled first, then by the subscription's end and plan (no
 * plan with an end running is the trial; an operator's extension without a purchase reads as one).
 */
export function userStateOf(
  row: Pick<UserRow, 'disabledAt' | 'subscriptionExpiresAt' | 'subscriptionPlan'>,
  now: Date,
): AdminUserState {
  if (row.disabledAt) return 'disabled';
  if (!row.subscriptionExpiresAt) return 'none';
  if (row.subscriptionExpiresAt <= now) return 'expired';
  return row.subscriptionPlan ? 'active' : 'trial';
}

/** The same states as conditions, for the list's filter (the users_subscription_idx serves them). */
function stateCondition(state: AdminUserState, now: Date): SQL | undefined {
  if (state === 'disabled') return isNotNull(users.disabledAt);
  const enabled = isNull(users.disabledAt);
  if (state === 'none') return and(enabled, isNull(users.subscriptionExpiresAt));
  if (state === 'expired') return and(enabled, lte(users.subscriptionExpiresAt, now));
  const running = gt(users.subscriptionExpiresAt, now);
  return state === 'trial'
    ? and(enabled, running, isNull(users.subscriptionPlan))
    : and(enabled, running, isNotNull(users.subscriptionPlan));
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An owner's name, email or phone holds `q` (a substring, case-insensitive). A number written as
 * people write it ('0812-3456', '+62 812') is looked for as stored: digits, the 0 as 62.
 */
export function ownerMatches(q: string): SQL | undefined {
  const like = likeOf(q);
  const digits = /^\+?[\d\s\-().]+$/.test(q) ? q.replace(/\D/g, '').replace(/^0/, '62') : null;
  return or(
    ilike(users.name, like),
    ilike(users.email, like),
    ilike(users.phone, digits ? likeOf(digits) : like),
  );
}

/** Newest first, as users_created_idx is sorted (NULLS LAST: the index serves it, then the id). */
const newestFirst = [sql`${users.createdAt} desc nulls last`, desc(users.id)];

function toAdminUser(row: UserRow, counts: { numbers: number; agents: number }, now: Date): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isVerified: row.isVerified,
    isBetaUser: row.isBetaUser,
    state: userStateOf(row, now),
    planName: (row.subscriptionPlan as { name?: string } | null)?.name ?? null,
    subscriptionExpiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    trialUsed: row.trialActivatedAt !== null,
    numbers: counts.numbers,
    agents: counts.agents,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The numbers (accounts not deleted) and agents of a page of owners: two grouped counts over the
 * page's ids (accounts_owner_idx, agents_owner_idx), whatever the number of owners.
 */
async function countsOf(ctx: AppContext, ids: string[]) {
  const result = new Map<string, { numbers: number; agents: number }>();
  for (const id of ids) result.set(id, { numbers: 0, agents: 0 });
  if (!ids.length) return result;
  const [numbers, team] = await Promise.all([
    ctx.db
      .select({ ownerId: accounts.ownerId, n: count() })
      .from(accounts)
      .where(and(inArray(accounts.ownerId, ids), isNull(accounts.deletedAt)))
      .groupBy(accounts.ownerId),
    ctx.db
      .select({ ownerId: agents.ownerId, n: count() })
      .from(agents)
      .where(inArray(agents.ownerId, ids))
      .groupBy(agents.ownerId),
  ]);
  for (const row of numbers) result.get(row.ownerId)!.numbers = Number(row.n);
  for (const row of team) result.get(row.ownerId)!.agents = Number(row.n);
  return result;
}

/**
 * GET /admin/user: the owners, newest first, by a search over name, email and phone and by state.
 * One query for the page (users_created_idx), then the page's counts grouped: three statements
 * whether there are a hundred owners or a hundred thousand.
 */
export async function listUsers(
  ctx: AppContext,
  query: AdminUserListQuery,
): Promise<{ docs: AdminUser[]; hasNextPage: boolean }> {
  const now = ctx.clock.now();
  const where: (SQL | undefined)[] = [];
  if (query.q) where.push(ownerMatches(query.q));
  if (query.state) where.push(stateCondition(query.state, now));
  const rows = await ctx.db
    .select(userColumns)
    .from(users)
    .where(and(...where))
    .orderBy(...newestFirst)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const page = rows.slice(0, query.limit);
  const counts = await countsOf(
    ctx,
    page.map((r) => r.id),
  );
  return {
    docs: page.map((row) => toAdminUser(row, counts.get(row.id)!, now)),
    hasNextPage: rows.length > query.limit,
  };
}

async function userRow(ctx: AppContext, id: string): Promise<UserRow> {
  const [row] = await ctx.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return row;
}

/** One owner as the users page lists them (the answer of the disable, enable and beta writes). */
export async function getAdminUser(ctx: AppContext, id: string): Promise<AdminUser> {
  const row = await userRow(ctx, id);
  return toAdminUser(row, (await countsOf(ctx, [id])).get(id)!, ctx.clock.now());
}

/** How many purchases and adjustments the detail shows, newest first. */
const DETAIL_TRANSACTIONS = 10;
const DETAIL_ADJUSTMENTS = 20;

/**
 * GET /admin/user/{id}: the owner with who referred them, their numbers and agents, their latest
 * purchases and the operators' changes of their subscription.
 */
export async function getUserDetail(ctx: AppContext, id: string): Promise<AdminUserDetail> {
  const row = await userRow(ctx, id);
  const now = ctx.clock.now();
  const [referrer, numbers, team, purchases, adjustments] = await Promise.all([
    row.referredById
      ? ctx.db
          .select({ _id: users.id, name: users.name })
          .from(users)
          .where(eq(users.id, row.referredById))
          .limit(1)
      : Promise.resolve([]),
    ctx.db
      .select({
        _id: accounts.id,
        type: accounts.type,
        labelName: accounts.labelName,
        phoneNumber: accounts.phoneNumber,
        status: accounts.status,
      })
      .from(accounts)
      .where(and(eq(accounts.ownerId, id), isNull(accounts.deletedAt)))
      .orderBy(accounts.createdAt),
    ctx.db
      .select({ _id: agents.id, name: agents.name, email: agents.email })
      .from(agents)
      .where(eq(agents.ownerId, id))
      .orderBy(agents.createdAt),
    ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.ownerId, id))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(DETAIL_TRANSACTIONS),
    ctx.db
      .select()
      .from(subscriptionAdjustments)
      .where(eq(subscriptionAdjustments.ownerId, id))
      .orderBy(desc(subscriptionAdjustments.createdAt), desc(subscriptionAdjustments.id))
      .limit(DETAIL_ADJUSTMENTS),
  ]);
  const owner = { _id: row.id, name: row.name, email: row.email, phone: row.phone };
  return {
    ...toAdminUser(row, { numbers: numbers.length, agents: team.length }, now),
    referralCode: row.referralCode,
    referredBy: referrer[0] ?? null,
    accounts: numbers,
    agentList: team,
    transactions: purchases.map((tx) => ({ ...toTransaction(tx, now), owner })),
    adjustments: adjustments.map((a) => ({
      ownerId: a.ownerId,
      previousExpiresAt: a.previousExpiresAt?.toISOString() ?? null,
      expiresAt: a.expiresAt.toISOString(),
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
