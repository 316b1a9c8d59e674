import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_MESSAGES as M,
  type AdminTransactionListQuery,
  type AdminTransaction,
  type Withdrawal,
  type WithdrawalStatus,
} from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { affiliateWithdrawals, transactions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toWithdrawal } from './affiliate';
import { toTransaction } from './transactions';
import type { adminWithdrawalListQuery } from '@sapa/contracts';

/** The job that mails an owner their withdrawal's new state (notices.ts). */
export const WITHDRAWAL_MAIL_JOB = 'billing.withdrawal-mail';

const ownerColumns = { _id: users.id, name: users.name, email: users.email, phone: users.phone };

/** The start of a Jakarta day (UTC+7), 'YYYY-MM-DD', as an instant. */
const jakartaDay = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * 86_400_000);

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /admin/transaction: every owner's purchases for the operator, newest first, by status, method,
 * Jakarta days and a search over the owner (name, email, phone), invoice number and reference.
 */
export async function adminListTransactions(
  ctx: AppContext,
  query: AdminTransactionListQuery,
): Promise<{ docs: AdminTransaction[]; hasNextPage: boolean }> {
  const now = ctx.clock.now();
  const where: (SQL | undefined)[] = [];
  if (query.status === 'expired')
    where.push(
      or(
        eq(transactions.status, 'expired'),
        and(
          eq(transactions.status, 'pending'),
          sql`${transactions.paymentExpiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      ),
    );
  else if (query.status === 'pending')
    where.push(
      eq(transactions.status, 'pending'),
      sql`${transactions.paymentExpiresAt} > ${now.toISOString()}::timestamptz`,
    );
  else if (query.status) where.push(eq(transactions.status, query.status));
  if (query.method) where.push(eq(transactions.method, query.method));
  if (query.from) where.push(gte(transactions.createdAt, jakartaDay(query.from)));
  if (query.to) where.push(lt(transactions.createdAt, jakartaDay(query.to, 1)));
  if (query.q) {
    const like = likeOf(query.q);
    where.push(
      or(
        ilike(users.name, like),
        ilike(users.email, like),
        ilike(users.phone, like),
        ilike(transactions.invoiceNumber, like),
        ilike(transactions.reference, like),
      ),
    );
  }
  const rows = await ctx.db
    .select({ row: transactions, owner: ownerColumns })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.ownerId))
    .where(and(...where))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map(({ row, owner }) => ({ ...toTransaction(row, now), owner })),
    hasNextPage: rows.length > query.limit,
  };
}

/** GET /admin/transaction/{id}: one purchase with its owner. */
export async function adminGetTransaction(ctx: AppContext, id: string): Promise<AdminTransaction> {
  const [found] = await ctx.db
    .select({ row: transactions, owner: ownerColumns })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.ownerId))
    .where(eq(transactions.id, id))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', M.notFound);
  return { ...toTransaction(found.row, ctx.clock.now()), owner: found.owner };
}

type AdminWithdrawal = Withdrawal & { owner: { _id: string; name: string; email: string; phone: string } };

/** GET /admin/withdrawal: the referrers' payout requests, newest first, by status. */
export async function adminListWithdrawals(
  ctx: AppContext,
  query: z.infer<typeof adminWithdrawalListQuery>,
): Promise<{ docs: AdminWithdrawal[]; hasNextPage: boolean }> {
  const rows = await ctx.db
    .select({ row: affiliateWithdrawals, owner: ownerColumns })
    .from(affiliateWithdrawals)
    .innerJoin(users, eq(users.id, affiliateWithdrawals.ownerId))
    .where(query.status ? eq(affiliateWithdrawals.status, query.status) : undefined)
    .orderBy(desc(affiliateWithdrawals.createdAt), desc(affiliateWithdrawals.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    docs: rows.slice(0, query.limit).map(({ row, owner }) => ({ ...toWithdrawal(row), owner })),
    hasNextPage: rows.length > query.limit,
  };
}

/**
 * The operator moves a withdrawal on: approve (requested), mark paid with the transfer's reference
 * (requested or approved), or reject with a reason (requested or approved; the amount returns to the
 * balance). A paid or rejected one is final. The owner is mailed the new state.
 */
export async function moveWithdrawal(
  ctx: AppContext,
  id: string,
  to: Exclude<WithdrawalStatus, 'requested'>,
  detail: { reason?: string; transferReference?: string } = {},
): Promise<Withdrawal> {
  const from: WithdrawalStatus[] = to === 'approved' ? ['requested'] : ['requested', 'approved'];
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(affiliateWithdrawals)
      .set({
        status: to,
        ...(to === 'rejected' ? { reason: detail.reason ?? null } : {}),
        ...(to === 'paid' ? { transferReference: detail.transferReference ?? null } : {}),
        updatedAt: now,
      })
      .where(and(eq(affiliateWithdrawals.id, id), inArray(affiliateWithdrawals.status, from)))
      .returning();
    if (row)
      await ctx.jobs.enqueue(
        tx,
        WITHDRAWAL_MAIL_JOB,
        { withdrawalId: id, status: to },
        { dedupeKey: `withdrawal-mail:${id}:${to}` },
      );
    return row;
  });
  if (!updated) {
    const [exists] = await ctx.db
      .select({ id: affiliateWithdrawals.id })
      .from(affiliateWithdrawals)
      .where(eq(affiliateWithdrawals.id, id))
      .limit(1);
    if (!exists) throw new AppError('NOT_FOUND', M.withdrawalNotFound);
    throw new AppError('CONFLICT', M.withdrawalProcessed);
  }
  ctx.jobs.wake();
  return toWithdrawal(updated);
}
