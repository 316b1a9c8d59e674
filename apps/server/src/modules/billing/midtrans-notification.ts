import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { BILLING_MESSAGES as M } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { transactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { midtransStatus, outcomeOf, signatureMatches } from './midtrans';
import { paymentSettingsOf } from './payment-settings';
import { endTransaction, markTransactionPaid } from './transactions';

/** The fields of a notification its signature covers; the rest is read from the status API. */
export const midtransNotification = z.looseObject({
  order_id: z.string().min(1).max(100),
  status_code: z.string().min(1).max(10),
  gross_amount: z.string().min(1).max(30),
  signature_key: z.string().min(1).max(200),
});
export type MidtransNotification = z.infer<typeof midtransNotification>;

const ENDED_REASONS = {
  failed: 'Pembayaran ditolak oleh Midtrans',
  cancelled: 'Pembayaran dibatalkan di Midtrans',
  expired: 'Batas waktu pembayaran Midtrans telah lewat',
} as const;

/**
 * POST /midtrans/notification (issue 22 part 3): Midtrans tells us an order changed. Nothing is taken
 * on its word: the signature must be Midtrans' (SHA-512 with our server key; 401 and nothing changes
 * otherwise), and the status applied is the one Midtrans' status API gives now, so a replayed or
 * out-of-order notification applies today's state - and paying happens once (markTransactionPaid).
 * The amount must be the purchase's own. Unknown orders are answered 404.
 */
export async function handleMidtransNotification(ctx: AppContext, body: unknown): Promise<void> {
  const parsed = midtransNotification.safeParse(body);
  if (!parsed.success) throw new AppError('VALIDATION');
  const note = parsed.data;
  const { midtrans } = await paymentSettingsOf(ctx);
  if (!midtrans || !signatureMatches(note, midtrans.serverKey)) {
    ctx.log.warn({ orderId: note.order_id }, 'midtrans notification with a bad signature refused');
    throw new AppError('UNAUTHORIZED', 'Tanda tangan notifikasi tidak valid');
  }
  await syncWithMidtrans(ctx, note.order_id);
}

/**
 * Asks Midtrans for the order's status and applies it; returns Midtrans' answer (the operator's view
 * shows it raw). Used by notifications and by the operator's 'check at Midtrans'.
 */
export async function syncWithMidtrans(ctx: AppContext, orderId: string): Promise<Record<string, unknown>> {
  const { midtrans } = await paymentSettingsOf(ctx);
  if (!midtrans) throw new AppError('VALIDATION', M.midtransUnavailable);
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.reference, orderId)).limit(1);
  if (!row || row.method !== 'midtrans') throw new AppError('NOT_FOUND', M.notFound);
  const status = await midtransStatus(ctx, midtrans, orderId);
  await ctx.db.update(transactions).set({ midtransStatus: status }).where(eq(transactions.id, row.id));
  if (String(status.status_code ?? '') === '404') return status;
  if (String(status.order_id ?? '') !== orderId) {
    ctx.log.error({ orderId }, 'midtrans status answered for another order; nothing applied');
    return status;
  }
  const outcome = outcomeOf(status);
  if (outcome.kind === 'paid') {
    const amount = Math.round(Number(status.gross_amount));
    if (amount !== row.total) {
      // never credit a payment of another amount
      ctx.log.error(
        { orderId, amount, total: row.total },
        'midtrans amount differs from the purchase; not paid',
      );
      return status;
    }
    await markTransactionPaid(ctx, row.id);
  } else if (outcome.kind === 'ended') {
    await endTransaction(ctx, row.id, outcome.status, ENDED_REASONS[outcome.status]);
  }
  return status;
}
