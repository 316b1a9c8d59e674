import { t, type SandboxStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { JobName } from '../../jobs/kinds';
import { sql } from 'drizzle-orm';
import { sandboxDeliveries, sandboxStatuses } from '../../db/schema';
import { textArray } from '../../db/sql';
import { reportAccountTrouble } from '../account-events';
import { PermanentSendError, RestrictedSendError, type Connector } from '../connector';

export const SANDBOX_RECEIPT_JOB = 'sandbox.receipt' satisfies JobName;
export const SANDBOX_RECEIPTS_JOB = 'sandbox.receipts' satisfies JobName;
/** Delivered to the simulated phone this long after sending. */
export const SANDBOX_DELIVERY_DELAY_MS = 700;
/** The code a restricted sandbox number answers with, as WhatsApp's reach-out timelock does. */
export const SANDBOX_RESTRICTED_CODE = '463';

/** The sandbox's id of one of our messages (its connector's externalIdFor). */
export const sandboxMessageId = (messageId: string): string => `sbx_${messageId}`;

/** Numbers the sandbox plays as 'not on WhatsApp': every one ending in 0000. */
export function sandboxNumberExists(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 0 && !digits.endsWith('0000');
}

type StatusRow = typeof sandboxStatuses.$inferSelect;

/** A posted status as the simulator's feed shows it. */
export function toSandboxStatus(row: StatusRow): SandboxStatus {
  return {
    _id: row.id,
    accountId: row.accountId,
    type: row.type as SandboxStatus['type'],
    text: row.text,
    backgroundColor: row.backgroundColor,
    mediaUrl: row.mediaUrl,
    viewers: row.viewers,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The simulated channel. Sending records a delivery (once per message, ever) and schedules the
 * 'delivered' receipt; the read receipt comes when the simulator has the chat open
 * (modules/sandbox/simulator-gateway.ts). A text containing '#gagal' fails on purpose; a number
 * the simulator switched to 'Batasi nomor (463)' refuses every send with WhatsApp's 463 and tells
 * the account-trouble listeners. Numbers ending in 0000 are not on WhatsApp; a status post is
 * stored once and shown live in the simulator's status feed.
 */
export function sandboxConnector(ctx: AppContext): Connector {
  return {
    provider: 'sandbox',
    externalIdFor: sandboxMessageId,
    async send(account, _chat, message) {
      if (!ctx.config.sandbox) throw new PermanentSendError(t('sandbox.disabled'));
      if (account.sandboxRestricted) {
        await reportAccountTrouble(ctx, {
          accountId: account.id,
          ownerId: account.ownerId,
          kind: 'restricted',
          code: SANDBOX_RESTRICTED_CODE,
        });
        throw new RestrictedSendError(SANDBOX_RESTRICTED_CODE, t('sandbox.restricted'));
      }
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
        // not woken: the receipt is not due before the runner's next poll
      }
      return { externalId: sandboxMessageId(message.id) };
    },
    async sendMany(account, messages) {
      const answers = new Map<string, { externalId: string } | { error: unknown }>();
      if (!ctx.config.sandbox) {
        for (const m of messages) answers.set(m.id, { error: new PermanentSendError(t('sandbox.disabled')) });
        return answers;
      }
      if (account.sandboxRestricted) {
        await reportAccountTrouble(ctx, {
          accountId: account.id,
          ownerId: account.ownerId,
          kind: 'restricted',
          code: SANDBOX_RESTRICTED_CODE,
        });
        const error = new RestrictedSendError(SANDBOX_RESTRICTED_CODE, t('sandbox.restricted'));
        for (const m of messages) answers.set(m.id, { error });
        return answers;
      }
      const deliverable = messages.filter((m) => {
        if (!m.text.includes('#gagal')) return true;
        answers.set(m.id, { error: new PermanentSendError(t('sandbox.failedDelivery')) });
        return false;
      });
      if (!deliverable.length) return answers;
      // one array parameter, not a row of parameters each (a public API burst's batch is ~50)
      const { rows: inserted } = (await ctx.db.execute(sql`insert into ${sandboxDeliveries} (message_id)
        select unnest(${textArray(deliverable.map((m) => m.id))})
        on conflict do nothing returning message_id`)) as unknown as { rows: { message_id: string }[] };
      if (inserted.length) {
        await ctx.jobs.enqueue(
          ctx.db,
          SANDBOX_RECEIPTS_JOB,
          { messageIds: inserted.map((d) => d.message_id), status: 'unread' },
          { delayMs: SANDBOX_DELIVERY_DELAY_MS },
        );
        // not woken: the receipts are not due before the runner's next poll
      }
      for (const m of deliverable) answers.set(m.id, { externalId: sandboxMessageId(m.id) });
      return answers;
    },
    async markRead() {
      // The simulated customer does not show the business's read receipts.
    },
    async checkNumbers(_account, phones) {
      return new Map(phones.map((phone) => [phone, sandboxNumberExists(phone)]));
    },
    async postStatus(account, id, content, viewers) {
      if (!ctx.config.sandbox) throw new PermanentSendError(t('sandbox.disabled'));
      const [row] = await ctx.db
        .insert(sandboxStatuses)
        .values({
          id,
          accountId: account.id,
          ownerId: account.ownerId,
          type: content.type,
          text: content.text,
          backgroundColor: content.type === 'text' ? content.backgroundColor : null,
          mediaUrl: content.type === 'text' ? null : content.mediaUrl,
          viewers: new Set(viewers).size,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      // posted again (a retried job): already in the feed, nothing new to show
      if (row)
        ctx.bus.publish({ kind: 'sandbox-status', accountId: account.id, status: toSandboxStatus(row) });
      return { externalId: `sbx_status_${id}` };
    },
  };
}
