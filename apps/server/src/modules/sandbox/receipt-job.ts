import type { AppContext } from '../../context';
import { SANDBOX_RECEIPT_JOB } from '../../channels/sandbox/sandbox-connector';
import { applyStatus } from '../chat/kernel';

/** The simulated customer's receipt for a business message (kind `sandbox.receipt`, jobs/kinds.ts). */
export function defineSandboxReceiptJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SANDBOX_RECEIPT_JOB,
    async run({ messageId, status }) {
      await applyStatus(ctx, { messageId }, status);
    },
  });
}
