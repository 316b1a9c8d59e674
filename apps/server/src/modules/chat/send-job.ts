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
import { fromJson } from './serialize';

export const SEND_JOB = 'message.send' satisfies JobName;
export const SEND_MANY_JOB = 'message.send-many' satisfies JobName;

/** A stored message with its chat and account, as the send jobs hand it to a connector. */
interface Loaded {
  message: MessageRow;
  chat: ChatRow;
  account: AccountRow;
}

/** A connector's answer for one message: its channel id, or the error it met. */
type Answer = { externalId: string } | { error: unknown };

/**
 * The messages (those still stored) with their chats and accounts, in one query; the rows come as
 * JSON, read by fromJson (Drizzle's mapping of three whole rows a message cost more than the query).
 * Each account comes once, on the first of its messages (a burst's batch is one number's).
 */
async function loadMessages(ctx: AppContext, messageIds: string[]): Promise<Loaded[]> {
  const { rows } = (await ctx.db.execute(sql`select row_to_json(m) as message, row_to_json(c) as chat,
      m.account_id, case when row_number() over (partition by m.account_id) = 1 then row_to_json(a) end as account
    from ${messages} m join ${chats} c on c.id = m.chat_id join ${accounts} a on a.id = m.account_id
    where m.id = any(${textArray(messageIds)})`)) as unknown as {
    rows: {
      message: Record<string, unknown>;
      chat: Record<string, unknown>;
      account_id: string;
      account: Record<string, unknown> | null;
    }[];
  };
  const accountById = new Map<string, AccountRow>();
  for (const row of rows)
    if (row.account) accountById.set(row.account_id, fromJson<AccountRow>(accounts, row.account));
  return rows.map((row) => ({
    message: fromJson<MessageRow>(messages, row.message),
    chat: fromJson<ChatRow>(chats, row.chat),
    account: accountById.get(row.account_id)!,
  }));
}

/** The pending ones of loaded messages by account (a message no longer pending was sent already). */
function pendingByAccount(rows: Loaded[]): Map<string, { account: AccountRow; batch: Loaded[] }> {
  const byAccount = new Map<string, { account: AccountRow; batch: Loaded[] }>();
  for (const row of rows) {
    if (row.message.status !== 'pending') continue;
    const entry = byAccount.get(row.account.id) ?? { account: row.account, batch: [] };
    entry.batch.push(row);
    byAccount.set(row.account.id, entry);
  }
  return byAccount;
}

/**
 * Sent messages moved to 'sent' with their channel ids in one transaction (applyStatusMany, with what
 * the status listeners write).
 */
async function markSent(ctx: AppContext, sent: { id: string; externalId: string }[]): Promise<void> {
  if (!sent.length) return;
  await applyStatusMany(
    ctx,
    sent.map((s) => s.id),
    'sent',
    null,
    new Map(sent.map((s) => [s.id, s.externalId])),
  );
}

/**
 * What a send's error means for its 'message.send' job: a refusal for good (restricted numbers'
 * included) fails it with the channel's reason; any other (retry later, the network) is retried.
 */
function jobError(error: unknown): unknown {
  return error instanceof PermanentSendError ? new PermanentJobError(error.message) : error;
}

/**
 * One 'message.send' job's message handed to its connector's send, its channel id stored and its
 * status moved to 'sent'; throws what the job fails with. WhatsApp Web's pacing, the Cloud API and
 * Meta go this way, one message at a time, as do messages of any connector without sendMany.
 */
async function sendOne(ctx: AppContext, { message, chat, account }: Loaded): Promise<void> {
  const connector = ctx.connectors.get(account.provider);
  if (!connector) throw new PermanentJobError(t('chat.accountDisconnected'));
  try {
    const { externalId } = await connector.send(account, chat, message);
    await ctx.db.update(messages).set({ externalId }).where(eq(messages.id, message.id));
  } catch (error) {
    throw jobError(error);
  }
  await applyStatus(ctx, { messageId: message.id }, 'sent');
}

/**
 * The outbound half of the spine: a stored pending message is handed to its account's connector.
 * Runs after commit and again after a crash; the connector is idempotent on the message id, and a
 * message no longer pending is left alone, so a message is never sent twice.
 *
 * The runner hands the jobs it claims together to runBatch (a public API burst is hundreds of
 * messages a second, and each statement is a round trip): the messages are read in one query, and an
 * account whose connector has sendMany (the sandbox) sends its share in one call, their channel ids
 * and 'sent' statuses written in a statement and a transaction for all. Other connectors send each
 * message as `run` does, at the same time, each job meeting its own error.
 */
export function defineSendJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: SEND_JOB,
    async run({ messageId }) {
      const [row] = await loadMessages(ctx, [messageId]);
      if (!row || row.message.status !== 'pending') return;
      await sendOne(ctx, row);
    },
    async runBatch(items) {
      const ids = [...new Set(items.map(({ payload }) => payload.messageId))];
      /** The error each message's jobs met; a message without one succeeded (or had nothing to do). */
      const errors = new Map<string, unknown>();
      const sent: { id: string; externalId: string }[] = [];
      const byAccount = pendingByAccount(await loadMessages(ctx, ids));
      await Promise.all(
        [...byAccount.values()].map(async ({ account, batch }) => {
          const connector = ctx.connectors.get(account.provider);
          if (!connector?.sendMany) {
            // no sendMany (WhatsApp Web's pacing, the Cloud API, Meta): each message as run sends it, all
            // at once as the runner ran their jobs; without a connector, each fails as run fails it
            await Promise.all(
              batch.map((row) =>
                sendOne(ctx, row).catch((error: unknown) => errors.set(row.message.id, error)),
              ),
            );
            return;
          }
          let answers: Map<string, Answer>;
          try {
            answers = await connector.sendMany(
              account,
              batch.map((b) => b.message),
            );
          } catch (error) {
            for (const { message } of batch) errors.set(message.id, jobError(error));
            return;
          }
          for (const { message } of batch) {
            const answer = answers.get(message.id);
            // never expected: a message the connector left unanswered goes again
            if (!answer)
              errors.set(message.id, new Error(`${account.provider}: no answer for ${message.id}`));
            else if ('externalId' in answer) sent.push({ id: message.id, externalId: answer.externalId });
            else errors.set(message.id, jobError(answer.error));
          }
        }),
      );
      try {
        await markSent(ctx, sent);
      } catch (error) {
        // those messages are still pending (or sent without their bookkeeping): their jobs go again
        for (const { id } of sent) errors.set(id, error);
      }
      return items.map(({ payload }) => errors.get(payload.messageId));
    },
    async onFinalFailure({ messageId }, error) {
      const reason = error instanceof Error && error.message ? error.message : t('chat.sendFailedFallback');
      await applyStatus(ctx, { messageId }, 'error', reason);
    },
  });
}

/** One account's messages through its connector: sendMany when it has one, else one send each. */
async function sendBatch(
  ctx: AppContext,
  account: AccountRow,
  batch: Loaded[],
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
      const byAccount = pendingByAccount(await loadMessages(ctx, messageIds));
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
      await markSent(ctx, sent);
      for (const { id, reason } of failed) await applyStatus(ctx, { messageId: id }, 'error', reason);
      if (again.length) {
        await ctx.jobs.enqueueMany(
          ctx.db,
          SEND_JOB,
          again.map((messageId) => ({ payload: { messageId }, dedupeKey: `send:${messageId}` })),
        );
        ctx.jobs.wake(SEND_JOB);
      }
    },
    async onFinalFailure({ messageIds }, error) {
      const reason = error instanceof Error && error.message ? error.message : t('chat.sendFailedFallback');
      await applyStatusMany(ctx, messageIds, 'error', reason);
    },
  });
}
