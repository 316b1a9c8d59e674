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

/** The receipts of a batch the sandbox delivered at once (kind `sandbox.receipts`). */
export function defineSandboxReceiptsJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SANDBOX_RECEIPTS_JOB,
    async run({ messageIds, status }) {
      await applyStatusMany(ctx, messageIds, status);
    },
  });
}
