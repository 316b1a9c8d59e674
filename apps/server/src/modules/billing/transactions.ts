import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES as M,
  MAX_PENDING_TRANSACTIONS,
  PAYMENT_WINDOW_MS,
  commissionOf,
  invoiceNumberOf,
  quoteFor,
  type CreateTransactionBody,
  type PaymentMethod,
  type Plan,
  type Transaction,
  type TransactionListQuery,
  type TransactionPage,
  type TransactionStatus,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { affiliateCommissions, invoiceCounters, transactions, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { billingSettingsOf } from './settings';

type TransactionRow = typeof transactions.$inferSelect;

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** Key of the advisory lock that makes an owner's purchases one at a time (see createTransaction). */
const PURCHASE_LOCK = 22_001;

/**
 * A transaction as the owner sees it. A pending one past its payment window reads as expired at once
 * (housekeeping writes it so within the hour: expireTransactions).
 */
export function toTransaction(row: TransactionRow, now?: Date): Transaction {
  const lapsed = row.status === 'pending' && now !== undefined && row.paymentExpiresAt <= now;
  return {
    _id: row.id,
    planKey: row.planKey,
    plan: row.plan as Plan,
    months: row.months,
    gross: row.gross,
    discount: row.discount,
    subtotal: row.subtotal,
    taxBase: row.taxBase,
    tax: row.tax,
    total: row.total,
    method: row.method as PaymentMethod,
    status: lapsed ? 'expired' : (row.status as TransactionStatus),
    statusReason: lapsed ? M.paymentWindowPassed : row.statusReason,
    paymentExpiresAt: row.paymentExpiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    extendedTo: row.extendedTo?.toISOString() ?? null,
    invoiceNumber: row.invoiceNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /transaction: the owner buys a plan for some months, priced now from the operator's offer.
 * The same idempotency key answers the purchase it made (a double click, a retried request); with
 * another plan, duration or method it is a CONFLICT. At most MAX_PENDING_TRANSACTIONS wait for payment
 * at once: the count and the insert run under the owner's lock, so a burst cannot pass it.
 */
export async function createTransaction(
  ctx: AppContext,
  ownerId: string,
  body: CreateTransactionBody,
): Promise<{ transaction: Transaction; created: boolean }> {
  const settings = await billingSettingsOf(ctx);
  const price = quoteFor(settings, body.planKey, body.months);
  if (!price) throw new AppError('VALIDATION', M.notOffered, { planKey: M.notOffered });
  // Midtrans comes with its keys (issue 22 part 3); until then only a bank transfer is taken
  if (body.method === 'midtrans')
    throw new AppError('VALIDATION', M.midtransUnavailable, { method: M.midtransUnavailable });
  const offer = settings.plans.find((p) => p.key === body.planKey)!;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PURCHASE_LOCK}::int, hashtext(${ownerId}))`);
    const [existing] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.ownerId, ownerId), eq(transactions.idempotencyKey, body.idempotencyKey)))
      .limit(1);
    if (existing) {
      const same =
        existing.planKey === body.planKey &&
        existing.months === body.months &&
        existing.method === body.method;
      if (!same) throw new AppError('CONFLICT', M.keyReused);
      return { transaction: toTransaction(existing), created: false };
    }
    const [{ pending } = { pending: 0 }] = await tx
      .select({ pending: count() })
      .from(transactions)
      .where(
        and(
          eq(transactions.ownerId, ownerId),
          eq(transactions.status, 'pending'),
          sql`${transactions.paymentExpiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      );
    if (pending >= MAX_PENDING_TRANSACTIONS) throw new AppError('RATE_LIMITED', M.tooManyPending);
    const [row] = await tx
      .insert(transactions)
      .values({
        ownerId,
        idempotencyKey: body.idempotencyKey,
        planKey: offer.key,
        plan: offer,
        months: price.months,
        gross: price.gross,
        discount: price.discount,
        subtotal: price.subtotal,
        taxBase: price.taxBase,
        tax: price.tax,
        total: price.total,
        method: body.method,
        paymentExpiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { transaction: toTransaction(row!), created: true };
  });
}

/** GET /transaction: the owner's purchases, newest first, by status when asked. */
export async function listTransactions(
  ctx: AppContext,
  ownerId: string,
  query: TransactionListQuery,
): Promise<TransactionPage> {
  const rows = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.ownerId, ownerId),
        query.status ? eq(transactions.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const now = ctx.clock.now();
  return {
    docs: rows.slice(0, query.limit).map((row) => toTransaction(row, now)),
    hasNextPage: rows.length > query.limit,
  };
}

/** GET /transaction/{id}: one of the owner's purchases. */
export async function getTransaction(ctx: AppContext, ownerId: string, id: string): Promise<Transaction> {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.ownerId, ownerId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return toTransaction(row, ctx.clock.now());
}

/**
 * A payment confirmed (a Midtrans settlement, a bank transfer the operator accepted): the purchase is
 * paid and the owner's subscription moves forward by its months from the later of now and its current
 * end - exactly once, however many confirmations arrive or race (the pending status is the guard, its
 * row locked by the update). Calendar months, as PostgreSQL adds them (31 January + 1 month is the
 * end of February). Returns the transaction, or null when it was not pending (already paid, ended).
 */
export async function markTransactionPaid(ctx: AppContext, id: string): Promise<Transaction | null> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(transactions)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
      .returning();
    if (!paid) return null;
    const [owner] = await tx
      .update(users)
      .set({
        subscriptionExpiresAt: sql`greatest(${now.toISOString()}::timestamptz, coalesce(${users.subscriptionExpiresAt}, ${now.toISOString()}::timestamptz)) + make_interval(months => ${paid.months}::int)`,
        updatedAt: now,
      })
      .where(eq(users.id, paid.ownerId))
      .returning({ expiresAt: users.subscriptionExpiresAt });
    // the year's next invoice number, in this transaction: a payment that rolls back gives none back
    const year = new Date(now.getTime() + JAKARTA_OFFSET_MS).getUTCFullYear();
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
      .returning({ last: invoiceCounters.last });
    const [done] = await tx
      .update(transactions)
      .set({ extendedTo: owner!.expiresAt, invoiceNumber: invoiceNumberOf(year, counter!.last) })
      .where(eq(transactions.id, id))
      .returning();
    await creditReferrer(ctx, tx, done!);
    return toTransaction(done!);
  });
}

/**
 * The commission of the owner who referred the payer (issue 22 part 7), in the paying transaction:
 * the operator's rate of the price before tax. Nobody earns from their own purchase, and a
 * transaction earns once (its unique key).
 */
async function creditReferrer(ctx: AppContext, tx: Tx, paid: TransactionRow): Promise<void> {
  const [payer] = await tx
    .select({ referredById: users.referredById })
    .from(users)
    .where(eq(users.id, paid.ownerId))
    .limit(1);
  const referrer = payer?.referredById;
  if (!referrer || referrer === paid.ownerId) return;
  const { affiliate } = await billingSettingsOf(ctx);
  const amount = commissionOf(paid.subtotal, affiliate.commissionPercent);
  if (amount <= 0) return;
  await tx
    .insert(affiliateCommissions)
    .values({
      ownerId: referrer,
      referredId: paid.ownerId,
      transactionId: paid.id,
      amount,
      ratePercent: affiliate.commissionPercent,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
}

/** Housekeeping: pending transactions past their payment window end as expired, with the reason. */
export async function expireTransactions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = await ctx.db
    .update(transactions)
    .set({ status: 'expired', statusReason: M.paymentWindowPassed, updatedAt: now })
    .where(and(eq(transactions.status, 'pending'), lte(transactions.paymentExpiresAt, now)))
    .returning({ id: transactions.id });
  return ended.length;
}
