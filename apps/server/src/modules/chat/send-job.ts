import { eq, sql } from 'drizzle-orm';
import { textArray } from '../../db/sql';
import { t } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, chats, messages } from '../../db/schema';
import {
  PermanentSendError,
  RestrictedSendError,
  type AccountRow,
  type ChatRow,
  type MessageRow,
} from '../../channels/connector';
import type { JobName } from '../../jobs/kinds';
import { PermanentJobError } from '../../jobs/runner';
import { applyStatus, applyStatusMany } from './receipts';

export const SEND_JOB = 'message.send' satisfies JobName;
export const SEND_MANY_JOB = 'message.send-many' satisfies JobName;

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

type Answer = { externalId: string } | { error: unknown };

/** One account's messages through its connector: sendMany when it has one, else one send each. */
async function sendBatch(
  ctx: AppContext,
  account: AccountRow,
  batch: { message: MessageRow; chat: ChatRow }[],
): Promise<Map<string, Answer>> {
  const connector = ctx.connectors.get(account.provider);
  const answers = new Map<string, Answer>();
  if (!connector) {
    for (const { message } of batch)
      answers.set(message.id, { error: new PermanentSendError(t('chat.accountDisconnected')) });
    return answers;
  }
  if (connector.sendMany)
    return connector.sendMany(
      account,
      batch.map((b) => b.message),
    );
  for (const [i, { message, chat }] of batch.entries()) {
    try {
      answers.set(message.id, await connector.send(account, chat, message));
    } catch (error) {
      answers.set(message.id, { error });
      // a restricted number is not asked again in this batch: every send counts as another reach-out
      if (error instanceof RestrictedSendError) {
        for (const rest of batch.slice(i + 1)) answers.set(rest.message.id, { error });
        break;
      }
    }
  }
  return answers;
}

/**
 * 'message.send-many': a batch of stored pending messages (a broadcast's) handed to their connectors
 * at once, the 'sent' ones moved in one transaction (applyStatusMany). A message the channel refused
 * for good fails with the reason; one that met a passing error goes on alone as a 'message.send' job
 * with its own retries. Messages no longer pending are left alone, so a repeated batch sends nothing
 * twice (connectors are idempotent on the message id as well).
 */
export function defineSendManyJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SEND_MANY_JOB,
    async run({ messageIds }) {
      const rows = await ctx.db
        .select({ message: messages, chat: chats, account: accounts })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .innerJoin(accounts, eq(accounts.id, messages.accountId))
        .where(sql`${messages.id} = any(${textArray(messageIds)})`);
      const byAccount = new Map<
        string,
        { account: AccountRow; batch: { message: MessageRow; chat: ChatRow }[] }
      >();
      for (const row of rows) {
        if (row.message.status !== 'pending') continue;
        const entry = byAccount.get(row.account.id) ?? { account: row.account, batch: [] };
        entry.batch.push({ message: row.message, chat: row.chat });
        byAccount.set(row.account.id, entry);
      }
      const sent: { id: string; externalId: string }[] = [];
      const failed: { id: string; reason: string }[] = [];
      const again: string[] = [];
      for (const { account, batch } of byAccount.values()) {
        for (const [id, answer] of await sendBatch(ctx, account, batch)) {
          if ('externalId' in answer) sent.push({ id, externalId: answer.externalId });
          else if (answer.error instanceof PermanentSendError)
            failed.push({ id, reason: answer.error.message || t('chat.sendFailedFallback') });
          else again.push(id);
        }
      }
      if (sent.length) {
        await ctx.db.execute(sql`update ${messages} set external_id = v.external_id
          from unnest(${textArray(sent.map((s) => s.id))}, ${textArray(sent.map((s) => s.externalId))}) as v(id, external_id)
          where ${messages.id} = v.id`);
        await applyStatusMany(
          ctx,
          sent.map((s) => s.id),
          'sent',
        );
      }
      for (const { id, reason } of failed) await applyStatus(ctx, { messageId: id }, 'error', reason);
      if (again.length) {
        await ctx.jobs.enqueueMany(
          ctx.db,
          SEND_JOB,
          again.map((messageId) => ({ payload: { messageId }, dedupeKey: `send:${messageId}` })),
        );
        ctx.jobs.wake();
      }
    },
    async onFinalFailure({ messageIds }, error) {
      const reason = error instanceof Error && error.message ? error.message : t('chat.sendFailedFallback');
      await applyStatusMany(ctx, messageIds, 'error', reason);
    },
  });
}
