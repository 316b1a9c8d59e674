import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES as M,
  formatRupiah,
  type AffiliateSummary,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalStatus,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { affiliateCommissions, affiliateWithdrawals, transactions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { billingSettingsOf } from './settings';

/** Key of the advisory lock that makes an owner's withdrawal requests one at a time. */
const WITHDRAWAL_LOCK = 22_007;

/** Earned, waiting and paid out, in whole rupiah (bigint sums come back as text). */
async function moneyOf(db: Db | Tx, ownerId: string) {
  const result = (await db.execute(sql`select
      (select coalesce(sum(${affiliateCommissions.amount}), 0) from ${affiliateCommissions}
        where ${affiliateCommissions.ownerId} = ${ownerId})::text as earned,
      (select coalesce(sum(${affiliateWithdrawals.amount}), 0) from ${affiliateWithdrawals}
        where ${affiliateWithdrawals.ownerId} = ${ownerId}
          and ${affiliateWithdrawals.status} in ('requested', 'approved'))::text as pending,
      (select coalesce(sum(${affiliateWithdrawals.amount}), 0) from ${affiliateWithdrawals}
        where ${affiliateWithdrawals.ownerId} = ${ownerId} and ${affiliateWithdrawals.status} = 'paid')::text as withdrawn`)) as unknown as {
    rows: { earned: string; pending: string; withdrawn: string }[];
  };
  const row = result.rows[0]!;
  const earned = Number(row.earned);
  const pending = Number(row.pending);
  const withdrawn = Number(row.withdrawn);
  return { earned, pending, withdrawn, balance: earned - pending - withdrawn };
}

/** GET /affiliate: the owner's link, who came through it, what it earned and what is left. */
export async function affiliateSummaryOf(ctx: AppContext, ownerId: string): Promise<AffiliateSummary> {
  const [owner] = await ctx.db
    .select({ code: users.referralCode })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  if (!owner) throw new AppError('NOT_FOUND');
  const referred = ctx.db.select({ id: users.id }).from(users).where(eq(users.referredById, ownerId));
  const [counts] = await ctx.db
    .select({
      registered: sql<number>`(select count(*)::int from ${users} where ${users.referredById} = ${ownerId} and ${users.id} <> ${ownerId})`,
      paying: sql<number>`(select count(distinct ${transactions.ownerId})::int from ${transactions}
        where ${transactions.status} = 'paid' and ${transactions.ownerId} <> ${ownerId}
          and ${inArray(transactions.ownerId, referred)})`,
    })
    .from(sql`(select 1) as one`);
  const money = await moneyOf(ctx.db, ownerId);
  const { affiliate } = await billingSettingsOf(ctx);
  return {
    referralCode: owner.code,
    referralPath: `/register?r=${encodeURIComponent(owner.code)}`,
    registered: counts?.registered ?? 0,
    paying: counts?.paying ?? 0,
    earned: money.earned,
    pendingWithdrawal: money.pending,
    withdrawn: money.withdrawn,
    balance: money.balance,
    commissionPercent: affiliate.commissionPercent,
    minimumWithdrawal: affiliate.minimumWithdrawal,
  };
}

export function toWithdrawal(row: typeof affiliateWithdrawals.$inferSelect): Withdrawal {
  return {
    _id: row.id,
    amount: row.amount,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    status: row.status as WithdrawalStatus,
    reason: row.reason,
    transferReference: row.transferReference,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /affiliate/withdrawal: at least the operator's minimum, at most the balance. The balance is
 * read and the request stored under the owner's lock, so requests at once never draw more than it.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  ownerId: string,
  body: WithdrawalBody,
): Promise<Withdrawal> {
  const { affiliate } = await billingSettingsOf(ctx);
  if (body.amount < affiliate.minimumWithdrawal) {
    const message = M.belowMinimum.replace('{minimum}', formatRupiah(affiliate.minimumWithdrawal));
    throw new AppError('VALIDATION', message, { amount: message });
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WITHDRAWAL_LOCK}::int, hashtext(${ownerId}))`);
    const { balance } = await moneyOf(tx, ownerId);
    if (body.amount > balance) {
      const message = M.aboveBalance.replace('{balance}', formatRupiah(balance));
      throw new AppError('VALIDATION', message, { amount: message });
    }
    const [row] = await tx
      .insert(affiliateWithdrawals)
      .values({ ownerId, ...body, createdAt: now, updatedAt: now })
      .returning();
    return toWithdrawal(row!);
  });
}

/** GET /affiliate/withdrawal: the owner's requests, newest first. */
export async function listWithdrawals(ctx: AppContext, ownerId: string): Promise<{ docs: Withdrawal[] }> {
  const rows = await ctx.db
    .select()
    .from(affiliateWithdrawals)
    .where(and(eq(affiliateWithdrawals.ownerId, ownerId)))
    .orderBy(desc(affiliateWithdrawals.createdAt), desc(affiliateWithdrawals.id))
    .limit(200);
  return { docs: rows.map(toWithdrawal) };
}
