import type { AppContext } from '../../context';
import { SANDBOX_RECEIPT_JOB, SANDBOX_RECEIPTS_JOB } from '../../channels/sandbox/sandbox-connector';
import { applyStatus, applyStatusMany } from '../chat/kernel';

/** The simulated customer's receipt for a business message (kind `sandbox.receipt`, jobs/kinds.ts). */
export function defineSandboxReceiptJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SANDBOX_RECEIPT_JOB,
    async run({ messageId, status }) {
      await applyStatus(ctx, { messageId }, status);
    },
  });
}

/**
 * The receipts of a batch the sandbox delivered at once (kind `sandbox.receipts`). The runner hands
 * the ones it claims together to runBatch: a burst of sends leaves a job a batch, and their messages
 * move in one applyStatusMany a status ('unread' before 'read', as a phone reports them).
 */
export function defineSandboxReceiptsJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SANDBOX_RECEIPTS_JOB,
    async run({ messageIds, status }) {
      await applyStatusMany(ctx, messageIds, status);
    },
    async runBatch(items) {
      const errors = new Map<string, unknown>();
      for (const status of ['unread', 'read'] as const) {
        const ids = new Set(
          items.flatMap(({ payload }) => (payload.status === status ? payload.messageIds : [])),
        );
        if (!ids.size) continue;
        try {
          await applyStatusMany(ctx, [...ids], status);
        } catch (error) {
          // only this status's jobs go again
          errors.set(status, error);
        }
      }
      return items.map(({ payload }) => errors.get(payload.status));
    },
  });
}
