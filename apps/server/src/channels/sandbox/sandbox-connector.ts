import { t } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { JobName } from '../../jobs/kinds';
import { sandboxDeliveries } from '../../db/schema';
import { PermanentSendError, type Connector } from '../connector';

export const SANDBOX_RECEIPT_JOB = 'sandbox.receipt' satisfies JobName;
/** Delivered to the simulated phone this long after sending. */
export const SANDBOX_DELIVERY_DELAY_MS = 700;

/**
 * The simulated channel. Sending records a delivery (once per message, ever) and schedules the
 * 'delivered' receipt; the read receipt comes when the simulator has the chat open
 * (modules/sandbox/simulator-gateway.ts). A text containing '#gagal' fails on purpose.
 */
export function sandboxConnector(ctx: AppContext): Connector {
  return {
    provider: 'sandbox',
    async send(_account, _chat, message) {
      if (!ctx.config.sandbox) throw new PermanentSendError(t('sandbox.disabled'));
      if (message.text.includes('#gagal')) throw new PermanentSendError(t('sandbox.failedDelivery'));
      const inserted = await ctx.db
        .insert(sandboxDeliveries)
        .values({ messageId: message.id })
        .onConflictDoNothing()
        .returning();
      if (inserted.length) {
        await ctx.jobs.enqueue(
          ctx.db,
          SANDBOX_RECEIPT_JOB,
          { messageId: message.id, status: 'unread' },
          { delayMs: SANDBOX_DELIVERY_DELAY_MS, dedupeKey: `sandbox-unread:${message.id}` },
        );
        ctx.jobs.wake();
      }
      return { externalId: `sbx_${message.id}` };
    },
    async markRead() {
      // The simulated customer does not show the business's read receipts.
    },
  };
}
