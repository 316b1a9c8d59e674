import { and, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminReferrer, adminReferredList, adminReferrerListQuery } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { affiliateCommissions, affiliateWithdrawals, transactions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { USER_NOT_FOUND, ownerMatches } from './users';

/** Owners with a paid purchase, once each (transactions_paid_idx), of those `among` when given. */
const payingOwners = (ctx: AppContext, among?: SQL) =>
  ctx.db
    .selectDistinct({ ownerId: transactions.ownerId })
    .from(transactions)
    .where(and(eq(transactions.status, 'paid'), among))
    .as('paying_owners');

/**
 * GET /admin/affiliate: the owners who referred at least one owner (themselves never counted), with
 * how many registered and paid through them and their commissions in whole rupiah: earned, waiting
 * for payout (requested or approved), paid out and the balance left, as the owner's own affiliate page
 * counts them (billing/affiliate.ts). One statement of grouped subqueries, most referrals first.
 */
export async function listReferrers(
  ctx: AppContext,
  query: z.infer<typeof adminReferrerListQuery>,
): Promise<{ docs: AdminReferrer[]; hasNextPage: boolean }> {
  const referred = alias(users, 'referred');
  const paying = payingOwners(ctx);
  const referrals = ctx.db
    .select({
      referrerId: sql<string>`${referred.referredById}`.as('referrer_id'),
      registered: sql<number>`count(*)::int`.as('registered'),
      paying: sql<number>`count(${paying.ownerId})::int`.as('paying'),
    })
    .from(referred)
    .leftJoin(paying, eq(paying.ownerId, referred.id))
    .where(and(isNotNull(referred.referredById), ne(referred.referredById, referred.id)))
    .groupBy(referred.referredById)
    .as('referrals');
  const earned = ctx.db
    .select({
      ownerId: affiliateCommissions.ownerId,
      earned: sql<string>`sum(${affiliateCommissions.amount})::text`.as('earned'),
    })
    .from(affiliateCommissions)
    .groupBy(affiliateCommissions.ownerId)
    .as('earned');
  const payouts = ctx.db
    .select({
      ownerId: affiliateWithdrawals.ownerId,
      pending:
        sql<string>`coalesce(sum(${affiliateWithdrawals.amount}) filter (where ${affiliateWithdrawals.status} in ('requested', 'approved')), 0)::text`.as(
          'pending',
        ),
      withdrawn:
        sql<string>`coalesce(sum(${affiliateWithdrawals.amount}) filter (where ${affiliateWithdrawals.status} = 'paid'), 0)::text`.as(
          'withdrawn',
        ),
    })
    .from(affiliateWithdrawals)
    .groupBy(affiliateWithdrawals.ownerId)
    .as('payouts');
  const rows = await ctx.db
    .select({
      owner: { _id: users.id, name: users.name, email: users.email, phone: users.phone },
      registered: referrals.registered,
      paying: referrals.paying,
      earned: earned.earned,
      pending: payouts.pending,
      withdrawn: payouts.withdrawn,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(earned, eq(earned.ownerId, referrals.referrerId))
    .leftJoin(payouts, eq(payouts.ownerId, referrals.referrerId))
    .where(query.q ? ownerMatches(query.q) : undefined)
    .orderBy(desc(referrals.registered), desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map((row) => {
      const money = {
        earned: Number(row.earned ?? 0),
        pending: Number(row.pending ?? 0),
        withdrawn: Number(row.withdrawn ?? 0),
      };
      return {
        owner: row.owner,
        registered: row.registered,
        paying: row.paying,
        earned: money.earned,
        pendingWithdrawal: money.pending,
        withdrawn: money.withdrawn,
        balance: money.earned - money.pending - money.withdrawn,
      };
    }),
    hasNextPage: rows.length > query.limit,
  };
}

/** How many referred owners the detail shows, newest first. */
const REFERRED_LIMIT = 500;

/**
 * GET /admin/affiliate/{id}: the owners one referrer brought, newest first, whether each has paid and
 * the commission their purchases earned the referrer.
 */
export async function listReferred(
  ctx: AppContext,
  referrerId: string,
): Promise<z.infer<typeof adminReferredList>> {
  const [referrer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, referrerId))
    .limit(1);
  if (!referrer) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const brought = ctx.db.select({ id: users.id }).from(users).where(eq(users.referredById, referrerId));
  const paying = payingOwners(ctx, inArray(transactions.ownerId, brought));
  const commissions = ctx.db
    .select({
      referredId: affiliateCommissions.referredId,
      amount: sql<string>`sum(${affiliateCommissions.amount})::text`.as('amount'),
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.ownerId, referrerId))
    .groupBy(affiliateCommissions.referredId)
    .as('commissions');
  const rows = await ctx.db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      paidOwner: paying.ownerId,
      commission: commissions.amount,
    })
    .from(users)
    .leftJoin(paying, eq(paying.ownerId, users.id))
    .leftJoin(commissions, eq(commissions.referredId, users.id))
    .where(and(eq(users.referredById, referrerId), ne(users.id, referrerId)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(REFERRED_LIMIT);
  return {
    docs: rows.map((row) => ({
      _id: row._id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      paid: row.paidOwner !== null,
      commission: Number(row.commission ?? 0),
    })),
  };
}
