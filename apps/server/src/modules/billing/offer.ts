import { and, desc, eq } from 'drizzle-orm';
import type { BillingOffer } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { transactions } from '../../db/schema';
import { paymentSettingsOf } from './payment-settings';
import { billingSettingsOf } from './settings';
import { snapJsUrlOf } from './midtrans';
import { toTransaction } from './transactions';

/**
 * GET /billing/offer: what the owner may buy (the operator's plans, durations, PPN, trial length) and
 * how they may pay (bank accounts; Midtrans' client key and snap.js, never its server key), with the
 * invoice details of their last purchase to fill the form.
 */
export async function billingOfferFor(ctx: AppContext, ownerId: string): Promise<BillingOffer> {
  const [settings, payment] = await Promise.all([billingSettingsOf(ctx), paymentSettingsOf(ctx)]);
  const [last] = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.ownerId, ownerId)))
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return {
    plans: settings.plans,
    durations: settings.durations,
    trialDays: settings.trialDays,
    ppn: settings.ppn,
    bankAccounts: payment.bankAccounts,
    midtrans: payment.midtrans
      ? { clientKey: payment.midtrans.clientKey, snapJsUrl: snapJsUrlOf(ctx, payment.midtrans) }
      : null,
    invoiceDetails: last ? toTransaction(last).invoiceDetails : { businessName: '', npwp: '' },
  };
}
