import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import {
  DEFAULT_BILLING_SETTINGS,
  REMINDER_DAYS,
  type Ppn,
  type Transaction,
  type WithdrawalStatus,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { affiliateWithdrawals, transactions, users } from '../../db/schema';
import type { JobName } from '../../jobs/kinds';
import { paymentReceivedMail, subscriptionReminderMail, withdrawalMail } from '../mail/templates';
import { invoiceFileName, invoicePdf } from './invoice';
import { billingSettingsOf } from './settings';
import { toTransaction } from './transactions';

const PAID_MAIL_JOB = 'billing.paid-mail' satisfies JobName;
const WITHDRAWAL_MAIL_JOB = 'billing.withdrawal-mail' satisfies JobName;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The PPN whose rate and tax base the invoice names. A transaction keeps its amounts, not the rate:
 * the operator's current PPN when it reproduces them, else the default one when that does (the
 * operator changed the rate after the payment), else the current one.
 */
function ppnOf(t: Transaction, current: Ppn): Ppn {
  const reproduces = (p: Ppn) => {
    const taxBase = Math.floor((t.subtotal * p.baseNumerator) / p.baseDenominator);
    return taxBase === t.taxBase && Math.floor((taxBase * p.ratePercent) / 100) === t.tax;
  };
  return [current, DEFAULT_BILLING_SETTINGS.ppn].find(reproduces) ?? current;
}

/**
 * The invoice of a paid transaction: its PDF and file name, with the transaction and its owner.
 * Null when there is no such transaction (of `ownerId`, when given) or it is not paid.
 */
export async function invoiceFor(
  ctx: AppContext,
  transactionId: string,
  ownerId?: string,
): Promise<{
  transaction: Transaction;
  owner: { name: string; email: string; phone: string };
  fileName: string;
  pdf: Buffer;
} | null> {
  const [row] = await ctx.db
    .select({
      transaction: transactions,
      owner: { name: users.name, email: users.email, phone: users.phone },
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.ownerId))
    .where(and(eq(transactions.id, transactionId), ownerId ? eq(transactions.ownerId, ownerId) : undefined))
    .limit(1);
  if (!row || row.transaction.status !== 'paid' || !row.transaction.invoiceNumber) return null;
  const transaction = toTransaction(row.transaction);
  const ppn = ppnOf(transaction, (await billingSettingsOf(ctx)).ppn);
  const pdf = await invoicePdf({
    transaction,
    owner: row.owner,
    seller: ctx.config.seller,
    ppnRatePercent: ppn.ratePercent,
    taxBaseFraction: { numerator: ppn.baseNumerator, denominator: ppn.baseDenominator },
  });
  return { transaction, owner: row.owner, fileName: invoiceFileName(transaction), pdf };
}

/**
 * Issue 22 part 6: mails the owner that their payment arrived, with the invoice PDF attached.
 * Nothing for a transaction that is not paid (or no longer exists).
 */
export async function sendPaymentReceivedMail(ctx: AppContext, transactionId: string): Promise<void> {
  const invoice = await invoiceFor(ctx, transactionId);
  if (!invoice) return;
  const { transaction: t, owner } = invoice;
  const mail = paymentReceivedMail(owner.email, owner.name, {
    invoiceNumber: t.invoiceNumber!,
    planName: t.plan.name,
    months: t.months,
    total: t.total,
    expiresAt: t.extendedTo,
  });
  await ctx.mailer.send({
    ...mail,
    attachments: [{ filename: invoice.fileName, content: invoice.pdf, contentType: 'application/pdf' }],
  });
}

/**
 * Issue 22 part 7: mails the owner their withdrawal's state (approved, paid with the transfer's
 * reference, rejected with the reason). Nothing while it is only requested, nor when `expected` is
 * given and the withdrawal has moved on since (the later state's own mail follows).
 */
export async function sendWithdrawalMail(
  ctx: AppContext,
  withdrawalId: string,
  expected?: WithdrawalStatus,
): Promise<void> {
  const [row] = await ctx.db
    .select({ withdrawal: affiliateWithdrawals, owner: { name: users.name, email: users.email } })
    .from(affiliateWithdrawals)
    .innerJoin(users, eq(users.id, affiliateWithdrawals.ownerId))
    .where(eq(affiliateWithdrawals.id, withdrawalId))
    .limit(1);
  if (!row) return;
  const w = row.withdrawal;
  const status = w.status as WithdrawalStatus;
  if (status === 'requested' || (expected && status !== expected)) return;
  await ctx.mailer.send(withdrawalMail(row.owner.email, row.owner.name, { ...w, status }));
}

/**
 * Issue 22 part 8, run by housekeeping every hour: mails each owner whose subscription ends within
 * one of REMINDER_DAYS (7, then 1) days, once per end and step, and returns how many were mailed.
 * Only the closest due step goes (an end 3 days away gets the 7-day mail, an end 12 hours away only
 * the 1-day one). Each owner is claimed by one conditional UPDATE that records the end and the step,
 * so sweeps racing in several processes mail once; a new end (a payment) re-arms the reminders. A
 * mail that fails gives its claim back, so the next sweep tries again.
 */
export async function sendExpiryReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const renewLink = `${ctx.config.publicUrl}/user/transaction`;
  let sent = 0;
  // closest step first; each step's window starts where the closer one's ends
  let closer = 0;
  for (const days of [...REMINDER_DAYS].sort((a, b) => a - b)) {
    const claimed = await ctx.db
      .update(users)
      .set({ remindedForExpiry: sql`${users.subscriptionExpiresAt}`, remindedDaysBefore: days })
      .where(
        and(
          gt(users.subscriptionExpiresAt, new Date(now + closer * DAY_MS)),
          lte(users.subscriptionExpiresAt, new Date(now + days * DAY_MS)),
          or(
            sql`${users.remindedForExpiry} is distinct from ${users.subscriptionExpiresAt}`,
            gt(users.remindedDaysBefore, days),
          ),
        ),
      )
      .returning({
        id: users.id,
        name: users.name,
        email: users.email,
        expiresAt: users.subscriptionExpiresAt,
      });
    for (const owner of claimed) {
      try {
        await ctx.mailer.send(
          subscriptionReminderMail(owner.email, owner.name, { days, expiresAt: owner.expiresAt!, renewLink }),
        );
        sent += 1;
      } catch (err) {
        ctx.log.error({ err, ownerId: owner.id }, 'subscription reminder could not be sent');
        await ctx.db
          .update(users)
          .set({ remindedForExpiry: null, remindedDaysBefore: null })
          .where(
            and(
              eq(users.id, owner.id),
              eq(users.remindedForExpiry, owner.expiresAt!),
              eq(users.remindedDaysBefore, days),
            ),
          );
      }
    }
    closer = days;
  }
  return sent;
}

/** The handlers of the billing mails' jobs (kinds `billing.paid-mail`, `billing.withdrawal-mail`). */
export function defineBillingMailJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: PAID_MAIL_JOB,
    async run({ transactionId }) {
      await sendPaymentReceivedMail(ctx, transactionId);
    },
  });
  ctx.jobs.define({
    name: WITHDRAWAL_MAIL_JOB,
    async run({ withdrawalId, status }) {
      await sendWithdrawalMail(ctx, withdrawalId, status);
    },
  });
}
