import { eq } from 'drizzle-orm';
import { t } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, chats, messages } from '../../db/schema';
import { PermanentSendError } from '../../channels/connector';
import type { JobName } from '../../jobs/kinds';
import { PermanentJobError } from '../../jobs/runner';
import { applyStatus } from './receipts';

export const SEND_JOB = 'message.send' satisfies JobName;

/**
 * The outbound half of the spine: a stored pending message is handed to its account's connector.
 * Runs after commit and again after a crash; the connector is idempotent on the message id, and a
 * message no longer pending is left alone, so a message is never sent twice.
 */
export function defineSendJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SEND_JOB,
    async run({ messageId }) {
      const [row] = await ctx.db
        .select({ message: messages, chat: chats, account: accounts })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .innerJoin(accounts, eq(accounts.id, messages.accountId))
        .where(eq(messages.id, messageId))
        .limit(1);
      if (!row || row.message.status !== 'pending') return;
      const connector = ctx.connectors.get(row.account.provider);
      if (!connector) throw new PermanentJobError(t('chat.accountDisconnected'));
      try {
        const { externalId } = await connector.send(row.account, row.chat, row.message);
        await ctx.db.update(messages).set({ externalId }).where(eq(messages.id, messageId));
      } catch (error) {
        if (error instanceof PermanentSendError) throw new PermanentJobError(error.message);
        throw error;
      }
      await applyStatus(ctx, { messageId }, 'sent');
    },
    async onFinalFailure({ messageId }, error) {
      const reason = error instanceof Error && error.message ? error.message : t('chat.sendFailedFallback');
      await applyStatus(ctx, { messageId }, 'error', reason);
    },
  });
}
