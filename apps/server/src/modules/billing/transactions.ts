import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES as M,
  MAX_PENDING_TRANSACTIONS,
  PAYMENT_WINDOW_MS,
  commissionOf,
  invoiceNumberOf,
  quoteFor,
  invoiceDetails as invoiceDetailsSchema,
  type CreateTransactionBody,
  type InvoiceDetails,
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
import { paymentSettingsOf } from './payment-settings';
import { createSnapTransaction } from './midtrans';

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
    reference: row.reference,
    invoiceDetails: detailsOf(row.invoiceDetails),
    proof:
      row.proofKey && row.proofUploadedAt
        ? {
            name: row.proofName ?? 'bukti',
            mimetype: row.proofMimetype ?? 'application/octet-stream',
            size: row.proofSize ?? 0,
            uploadedAt: row.proofUploadedAt.toISOString(),
          }
        : null,
    snap:
      row.status === 'pending' && !lapsed && row.snapToken && row.snapRedirectUrl
        ? { token: row.snapToken, redirectUrl: row.snapRedirectUrl }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function detailsOf(value: unknown): InvoiceDetails {
  const parsed = invoiceDetailsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { businessName: '', npwp: '' };
}

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A purchase's reference, 'SAPA-' and 8 characters (about 40 bits): the transfer's description, Midtrans' order id. */
export function newReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `SAPA-${code}`;
}

/** Publishes transaction.updated to the owner's screens (after commit), with the purchase as it is. */
export function publishTransaction(ctx: AppContext, ownerId: string, transaction: Transaction): void {
  ctx.bus.publish({
    kind: 'tenant',
    ownerId,
    event: { type: 'transaction.updated', chat: null, message: null, transaction },
  });
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
  const payment = await paymentSettingsOf(ctx);
  if (body.method === 'midtrans' && !payment.midtrans)
    throw new AppError('VALIDATION', M.midtransUnavailable, { method: M.midtransUnavailable });
  if (body.method === 'bank_transfer' && !payment.bankAccounts.length)
    throw new AppError('VALIDATION', M.bankTransferUnavailable, { method: M.bankTransferUnavailable });
  const offer = settings.plans.find((p) => p.key === body.planKey)!;
  const now = ctx.clock.now();
  const made = await ctx.db.transaction(async (tx) => {
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
      return { row: existing, created: false };
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
        reference: newReference(),
        invoiceDetails: body.invoiceDetails ?? { businessName: '', npwp: '' },
        paymentExpiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { row: row!, created: true };
  });
  let row = made.row;
  // Midtrans: the Snap page of the order, made once; a repeated request (same key) makes it when the
  // first one could not reach Midtrans
  if (row.method === 'midtrans' && row.status === 'pending' && !row.snapToken && payment.midtrans) {
    const snap = await createSnapTransaction(ctx, payment.midtrans, await snapOrderOf(ctx, row));
    const [updated] = await ctx.db
      .update(transactions)
      .set({ snapToken: snap.token, snapRedirectUrl: snap.redirectUrl, updatedAt: ctx.clock.now() })
      .where(and(eq(transactions.id, row.id), sql`${transactions.snapToken} is null`))
      .returning();
    row = updated ?? (await transactionRow(ctx, row.id))!;
  }
  return { transaction: toTransaction(row, ctx.clock.now()), created: made.created };
}

/** The Snap order of a purchase: its reference as the order id, the price and PPN as its items. */
async function snapOrderOf(ctx: AppContext, row: TransactionRow) {
  const [owner] = await ctx.db
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, row.ownerId))
    .limit(1);
  const plan = row.plan as Plan;
  const minutes = Math.max(
    1,
    Math.floor((row.paymentExpiresAt.getTime() - ctx.clock.now().getTime()) / 60_000),
  );
  return {
    orderId: row.reference,
    grossAmount: row.total,
    items: [
      { id: row.planKey, name: `Sapa ${plan.name} ${row.months} bulan`, price: row.subtotal, quantity: 1 },
      ...(row.tax > 0 ? [{ id: 'ppn', name: 'PPN', price: row.tax, quantity: 1 }] : []),
    ],
    customer: { firstName: owner?.name ?? '', email: owner?.email ?? '', phone: owner?.phone ?? '' },
    expiryMinutes: minutes,
    finishUrl: `${ctx.config.publicUrl}/user/transaction/${row.id}`,
  };
}

export async function transactionRow(ctx: AppContext, id: string): Promise<TransactionRow | null> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row ?? null;
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
 * end - exactly once, however many confirmations arrive or race (the status is the guard, its row
 * locked by the update). Calendar months, as PostgreSQL adds them (31 January + 1 month is the end of
 * February). Money that really arrived is never lost: a purchase that had expired or been cancelled
 * is paid all the same. Returns the transaction, or null when it was paid already. The owner's
 * screens learn it at once and the receipt with the invoice is mailed (a job, after commit).
 */
export async function markTransactionPaid(ctx: AppContext, id: string): Promise<Transaction | null> {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(transactions)
      .set({ status: 'paid', statusReason: null, paidAt: now, updatedAt: now })
      .where(and(eq(transactions.id, id), ne(transactions.status, 'paid')))
      .returning();
    if (!paid) return null;
    const [owner] = await tx
      .update(users)
      .set({
        // the plan bought is the plan from now on (an upgrade applies at once)
        subscriptionPlan: paid.plan,
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
    await ctx.jobs.enqueue(tx, PAID_MAIL_JOB, { transactionId: id }, { dedupeKey: `paid-mail:${id}` });
    return toTransaction(done!);
  });
  if (done) {
    ctx.jobs.wake();
    publishTransaction(ctx, (await transactionRow(ctx, id))!.ownerId, done);
  }
  return done;
}

/** The job that mails the receipt with its invoice (notices.ts). */
export const PAID_MAIL_JOB = 'billing.paid-mail';

/**
 * A purchase ends unpaid: failed (a refused transfer, a denied card), cancelled or expired, with the
 * reason the owner reads. Only from the states in `from` (pending by default): a paid purchase is
 * never undone here. Returns the transaction, or null when it was not in one of them.
 */
export async function endTransaction(
  ctx: AppContext,
  id: string,
  status: 'failed' | 'cancelled' | 'expired',
  reason: string,
  from: TransactionStatus[] = ['pending'],
  ownerId?: string,
): Promise<Transaction | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(transactions)
    .set({ status, statusReason: reason, updatedAt: now })
    .where(
      and(
        eq(transactions.id, id),
        inArray(transactions.status, from),
        ownerId ? eq(transactions.ownerId, ownerId) : undefined,
      ),
    )
    .returning();
  if (!row) return null;
  const ended = toTransaction(row, now);
  publishTransaction(ctx, row.ownerId, ended);
  return ended;
}

/** POST /transaction/{id}/cancel: the owner gives up a purchase still waiting for payment. */
export async function cancelTransaction(ctx: AppContext, ownerId: string, id: string): Promise<Transaction> {
  const current = await getTransaction(ctx, ownerId, id);
  if (current.status !== 'pending') throw new AppError('CONFLICT', M.notPending);
  const ended = await endTransaction(ctx, id, 'cancelled', M.cancelledByOwner, ['pending'], ownerId);
  if (!ended) throw new AppError('CONFLICT', M.notPending);
  return ended;
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
  const { affiliate } = await billingSettingsOf(ctx, tx);
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
