import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { agents, chats, messages } from '../../db/schema';
import type { ChatRow, InboundEvent, MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import { cachedAccount } from './account-cache';
import { attachLabels } from '../label/service';
import { toChat, toMessage } from './serialize';

export interface IngestResult {
  chatId: string;
  messageId: string;
  /** False when the event was a replay: nothing was stored or published. */
  created: boolean;
}

/**
 * The inbound half of the spine (ARCHITECTURE §3): one transaction dedupes on (account, external id),
 * upserts the chat and inserts the message; the realtime events go out after commit.
 */
export interface IngestOptions {
  /**
   * The business sent it from elsewhere (a WhatsApp message typed on the phone): stored as an outbound
   * 'sent' message that neither counts as unread nor as the customer's last word.
   */
  fromMe?: boolean;
}

export async function ingestInbound(
  ctx: AppContext,
  event: InboundEvent,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const fromMe = options.fromMe === true;
  const account = await cachedAccount(ctx, event.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  const [quoted] = event.quotedExternalId
    ? await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.quotedExternalId)))
        .limit(1)
    : [];
  let stored = await storeInbound(ctx, event, account.ownerId, fromMe, quoted?.id ?? null, now);
  // A chat for this contact was created by someone else between the lookup and the insert (the
  // message then points at an id that never became a chat and the foreign key refuses it): again.
  if (stored === 'raced')
    stored = await storeInbound(ctx, event, account.ownerId, fromMe, quoted?.id ?? null, now);
  if (stored === 'raced') throw new AppError('INTERNAL');
  if (stored === 'replay') {
    // Stored before: report the message stored the first time; nothing is written or published.
    const [first] = await ctx.db
      .select({ id: messages.id, chatId: messages.chatId })
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.externalId)))
      .limit(1);
    return { chatId: first?.chatId ?? '', messageId: first?.id ?? '', created: false };
  }
  const agent = stored.chat.agentId
    ? (
        await ctx.db
          .select({ name: agents.name, phone: agents.phone })
          .from(agents)
          .where(eq(agents.id, stored.chat.agentId))
      )[0]
    : undefined;
  const [chat] = await attachLabels(ctx.db, account.ownerId, [
    toChat({
      chat: stored.chat,
      accountType: account.type,
      accountLabel: account.labelName,
      agentName: agent?.name ?? null,
      agentPhone: agent?.phone ?? null,
    }),
  ]);
  ctx.bus.publish({
    kind: 'tenant',
    ownerId: account.ownerId,
    event: {
      type: 'message.created',
      chat: chat ?? null,
      message: toMessage(stored.message, null, quoted ?? null),
    },
  });
  return { chatId: stored.chat.id, messageId: stored.message.id, created: true };
}

/** A row of `table` as `row_to_json` gives it, with each value read as Drizzle reads the column. */
function fromJson<T>(table: typeof chats | typeof messages, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/**
 * The inbound half of the spine in one statement, so it is atomic without a transaction's extra round
 * trips and needs no query builder on the hot path (ingest was 4 round trips and a third of the
 * server's CPU building them). The message goes in first, under (account, external id): a replay
 * inserts nothing, and the chat is only created or touched from the inserted message, so a replay
 * changes nothing. The message names its chat before the chat statement runs - the existing chat's
 * id, or a new one - and the foreign key is checked when the whole statement ends.
 */
async function storeInbound(
  ctx: AppContext,
  event: InboundEvent,
  ownerId: string,
  fromMe: boolean,
  quotedId: string | null,
  now: Date,
): Promise<{ chat: ChatRow; message: MessageRow } | 'replay' | 'raced'> {
  const status = fromMe ? 'sent' : 'unread';
  const sentAt = event.sentAt;
  const newer = sql`chats.last_message_at is null or chats.last_message_at <= ${sentAt}`;
  const media = event.media ? JSON.stringify(event.media) : null;
  const statement = sql`with m as (
      insert into messages (id, owner_id, chat_id, account_id, external_id, type, text, media,
        quoted_message_id, is_from_me, status, sender_name, created_at, updated_at)
      values (${randomUUID()}, ${ownerId},
        coalesce((select id from chats where account_id = ${event.accountId} and external_id = ${event.contact.externalId}), ${randomUUID()}),
        ${event.accountId}, ${event.externalId}, ${event.type}, ${event.text}, ${media}::jsonb,
        ${quotedId}, ${fromMe}, ${status}, ${fromMe ? null : event.contact.name}, ${sentAt}, ${now})
      on conflict do nothing
      returning *
    ), c as (
      insert into chats as chats (id, owner_id, account_id, external_id, contact_name, contact_phone,
        contact_picture, last_message_at, last_message_text, last_message_type, last_message_is_from_me,
        last_message_status, last_message_id, from_sender_at, unread_count, created_at, updated_at)
      select m.chat_id, ${ownerId}, ${event.accountId}, ${event.contact.externalId}, ${event.contact.name},
        ${event.contact.phone}, ${event.contact.picture ?? null}, ${sentAt}, ${event.text}, ${event.type},
        ${fromMe}, ${status}, m.id, ${fromMe ? null : sentAt}::timestamptz, ${fromMe ? 0 : 1}, ${now}, ${now}
      from m
      on conflict (account_id, external_id) do update set
        updated_at = excluded.updated_at,
        contact_picture = coalesce(excluded.contact_picture, chats.contact_picture),
        unread_count = chats.unread_count + excluded.unread_count,
        from_sender_at = ${fromMe ? sql`chats.from_sender_at` : sql`greatest(chats.from_sender_at, excluded.from_sender_at)`},
        last_message_at = greatest(chats.last_message_at, excluded.last_message_at),
        last_message_text = case when ${newer} then excluded.last_message_text else chats.last_message_text end,
        last_message_type = case when ${newer} then excluded.last_message_type else chats.last_message_type end,
        last_message_is_from_me = case when ${newer} then excluded.last_message_is_from_me else chats.last_message_is_from_me end,
        last_message_status = case when ${newer} then excluded.last_message_status else chats.last_message_status end,
        last_message_id = case when ${newer} then excluded.last_message_id else chats.last_message_id end
      returning *
    )
    select (select row_to_json(c) from c) as chat, (select row_to_json(m) from m) as message`;
  let result: { rows: { chat: Record<string, unknown> | null; message: Record<string, unknown> | null }[] };
  try {
    result = (await ctx.db.execute(statement)) as unknown as typeof result;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23503' || e.cause?.code === '23503') return 'raced';
    throw error;
  }
  const row = result.rows[0];
  if (!row?.message) return 'replay';
  if (!row.chat) throw new AppError('INTERNAL');
  return { chat: fromJson<ChatRow>(chats, row.chat), message: fromJson<MessageRow>(messages, row.message) };
}
