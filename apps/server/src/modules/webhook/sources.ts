import { createHash } from 'node:crypto';
import type { MessageStatus, MessageType, WebhookMessageStatus } from '@sapa/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, chats, messages, users, webhookEndpoints } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { textArray } from '../../db/sql';
import { coalescer } from '../../lib/coalesce';
import type { InboundNotice } from '../chat/hooks';
import { fromJson, messageViews } from '../chat/serialize';
import { webhookDisabledMail } from '../mail/templates';
import { recordEvents, type NewEvent } from './service';

/** The inbox's statuses as a webhook reports them; the others (pending, queued) are not reported. */
const REPORTED: Partial<Record<MessageStatus, WebhookMessageStatus>> = {
  sent: 'sent',
  unread: 'delivered',
  read: 'read',
  error: 'failed',
};

/** message.received's id for a customer's message: the same every time it is recorded. */
export function receivedEventId(messageId: string): string {
  return `evt_${createHash('sha256').update(`message.received:${messageId}`).digest('hex').slice(0, 32)}`;
}

/**
 * message.received of customers' messages: the messages of numbers whose webhook is on, with their
 * chats' contact, in one read (most numbers have none: nothing more is loaded for them), then one
 * insert of their events.
 */
async function recordReceivedMany(ctx: AppContext, notices: readonly InboundNotice[]): Promise<number> {
  const { rows } = (await ctx.db.execute(sql`select row_to_json(m) as message, c.contact_name as name,
      c.contact_phone as phone
    from ${messages} m join ${chats} c on c.id = m.chat_id
    where m.id = any(${textArray(notices.map((n) => n.messageId))})
      and exists (select 1 from ${webhookEndpoints} w where w.account_id = m.account_id and w.enabled)`)) as unknown as {
    rows: { message: Record<string, unknown>; name: string | null; phone: string | null }[];
  };
  if (!rows.length) return 0;
  const found = new Map(
    rows.map((row) => {
      const message = fromJson<MessageRow>(messages, row.message);
      return [message.id, { message, name: row.name, phone: row.phone }];
    }),
  );
  // the views in one go: a quoted message or an agent's name read once for the batch, not per event
  const listed = notices.flatMap((notice) => {
    const row = found.get(notice.messageId);
    return row ? [{ notice, row }] : [];
  });
  const views = await messageViews(
    ctx.db,
    listed.map(({ row }) => row.message),
  );
  const events: NewEvent[] = listed.map(({ notice, row }, i) => ({
    id: receivedEventId(notice.messageId),
    ownerId: notice.ownerId,
    accountId: notice.accountId,
    lane: notice.chatId,
    type: 'message.received',
    at: notice.at,
    data: {
      chat: { id: notice.chatId, phone: row.phone ?? notice.phone, name: row.name ?? '' },
      message: views[i]!,
    },
  }));
  const stored = await recordEvents(ctx, ctx.db, events);
  if (stored.length) ctx.webhooks.wake();
  return stored.length;
}

/** How far back a start looks for customers' messages whose message.received was never recorded. */
const RECOVERY_WINDOW_MS = 15 * 60_000;
/** Messages recorded a batch by recoverReceivedEvents. */
const RECOVERY_BATCH = 500;

/**
 * message.received is recorded just after its message commits (batched with its neighbours), so a
 * process that stops between the two would lose it. At start, the customers' messages of the last
 * RECOVERY_WINDOW_MS on numbers whose webhook is on are recorded again: the event's id is its
 * message's (receivedEventId), so those already recorded stay as they were, once. A recovered event
 * comes after its chat's later events, if any were recorded meanwhile. Returns how many it recorded.
 */
export async function recoverReceivedEvents(ctx: AppContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - RECOVERY_WINDOW_MS);
  const { rows } = (await ctx.db.execute(sql`select m.id, m.owner_id, m.account_id, m.chat_id, m.type,
      m.text, m.created_at, c.contact_phone, c.created_at as chat_created_at
    from ${messages} m join ${chats} c on c.id = m.chat_id
      join ${webhookEndpoints} w on w.account_id = m.account_id and w.enabled
    where m.created_at >= ${since.toISOString()}::timestamptz and m.created_at >= w.created_at
      and not m.is_from_me and m.kind = 'message'
    order by m.created_at, m.id`)) as unknown as {
    rows: {
      id: string;
      owner_id: string;
      account_id: string;
      chat_id: string;
      type: string;
      text: string;
      created_at: string | Date;
      contact_phone: string;
      chat_created_at: string | Date;
    }[];
  };
  let recorded = 0;
  for (let i = 0; i < rows.length; i += RECOVERY_BATCH) {
    const notices: InboundNotice[] = rows.slice(i, i + RECOVERY_BATCH).map((row) => ({
      ownerId: row.owner_id,
      accountId: row.account_id,
      chatId: row.chat_id,
      messageId: row.id,
      phone: row.contact_phone,
      type: row.type as MessageType,
      text: row.text,
      at: new Date(row.created_at),
      firstMessage: new Date(row.chat_created_at).getTime() === new Date(row.created_at).getTime(),
    }));
    recorded += await recordReceivedMany(ctx, notices);
  }
  return recorded;
}

/**
 * Where webhook events come from (issue 26 part 3), through the chat kernel's hooks (never its
 * tables): a customer's message stored, an outbound message's status moved (in the moving
 * transaction, so the event commits with it), a number's connection changed.
 */
export function listenForWebhookEvents(ctx: AppContext): void {
  // concurrent customers' messages go as one batch; one batch at a time, so a chat's events are
  // stored (and numbered, the lane's order) in the order its messages came
  const recordReceived = coalescer<InboundNotice, void>(
    async (notices) => {
      await recordReceivedMany(ctx, notices);
      return notices.map(() => undefined);
    },
    async (notice) => void (await recordReceivedMany(ctx, [notice])),
    { maxInFlight: 1 },
  );
  ctx.chatHooks.onInbound((notice) => recordReceived(notice));

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
