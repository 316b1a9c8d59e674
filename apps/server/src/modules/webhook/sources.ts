import type { MessageStatus, WebhookMessageStatus } from '@sapa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, chats, messages, users, webhookEndpoints } from '../../db/schema';
import { messageView } from '../chat/serialize';
import { webhookDisabledMail } from '../mail/templates';
import { accountsWithWebhook, recordEvents } from './service';

/** The inbox's statuses as a webhook reports them; the others (pending, queued) are not reported. */
const REPORTED: Partial<Record<MessageStatus, WebhookMessageStatus>> = {
  sent: 'sent',
  unread: 'delivered',
  read: 'read',
  error: 'failed',
};

/**
 * Where webhook events come from (issue 26 part 3), through the chat kernel's hooks (never its
 * tables): a customer's message stored, an outbound message's status moved (in the moving
 * transaction, so the event commits with it), a number's connection changed.
 */
export function listenForWebhookEvents(ctx: AppContext): void {
  ctx.chatHooks.onInbound(async (notice) => {
    // most numbers have no webhook: one read, and nothing more is loaded for them
    if (!(await accountsWithWebhook(ctx.db, [notice.accountId])).size) return;
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, notice.messageId)).limit(1);
    if (!row) return;
    const [chat] = await ctx.db
      .select({ name: chats.contactName, phone: chats.contactPhone })
      .from(chats)
      .where(eq(chats.id, notice.chatId))
      .limit(1);
    const stored = await recordEvents(ctx, ctx.db, [
      {
        ownerId: notice.ownerId,
        accountId: notice.accountId,
        lane: notice.chatId,
        type: 'message.received',
        at: notice.at,
        data: {
          chat: { id: notice.chatId, phone: chat?.phone ?? notice.phone, name: chat?.name ?? '' },
          message: await messageView(ctx.db, row),
        },
      },
    ]);
    if (stored.length) ctx.webhooks.wake();
  });

  ctx.chatHooks.onStatus(
    async (tx, rows, to, errorMessage) => {
      const status = REPORTED[to];
      if (!status) return;
      const stored = await recordEvents(
        ctx,
        tx,
        rows
          .filter((row) => row.isFromMe)
          .map((row) => ({
            ownerId: row.ownerId,
            accountId: row.accountId,
            lane: row.chatId,
            type: 'message.status' as const,
            data: {
              chatId: row.chatId,
              messageId: row.id,
              temporaryId: row.temporaryId,
              status,
              error: status === 'failed' ? (errorMessage ?? row.errorMessage) : null,
            },
          })),
      );
      // the transaction commits after this listener: look again in a moment
      if (stored.length) setTimeout(() => ctx.webhooks.wake(), 20).unref();
      // only the business's own messages of numbers whose webhook is on (asked by the update itself)
    },
    sql`${messages.isFromMe} and exists (select 1 from ${webhookEndpoints}
      where ${webhookEndpoints.accountId} = ${messages.accountId} and ${webhookEndpoints.enabled})`,
  );

  ctx.chatHooks.onConnection(async (notice) => {
    const stored = await recordEvents(ctx, ctx.db, [
      {
        ownerId: notice.ownerId,
        accountId: notice.accountId,
        lane: 'account',
        type: 'account.connection',
        data: { status: notice.status, reason: notice.reason, phoneNumber: notice.phoneNumber || null },
      },
    ]);
    if (stored.length) ctx.webhooks.wake();
  });

  ctx.jobs.define({
    name: 'webhook.disabled-mail',
    run: async ({ accountId }) => {
      const [row] = await ctx.db
        .select({
          email: users.email,
          name: users.name,
          number: accounts.phoneNumber,
          label: accounts.labelName,
        })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.ownerId))
        .where(eq(accounts.id, accountId))
        .limit(1);
      if (!row) return;
      const [endpoint] = await ctx.db
        .select({ url: webhookEndpoints.url, enabled: webhookEndpoints.enabled })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId))
        .limit(1);
      // turned on again (or removed) before the mail went: nothing to say
      if (!endpoint || endpoint.enabled) return;
      await ctx.mailer.send(
        webhookDisabledMail(
          row.email,
          row.name,
          row.number || row.label,
          endpoint.url,
          `${ctx.config.publicUrl}/user/integration/whatsapp`,
        ),
      );
    },
  });
}
