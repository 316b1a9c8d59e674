import { randomUUID } from 'node:crypto';
import type { ChatLabel, MessageType } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import type { ChatRow, InboundEvent, MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import { cachedAccount } from './account-cache';
import { fromJson, toChat, toMessage } from './serialize';

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
  const [quoted] = event.quotedExternalId
    ? await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.quotedExternalId)))
        .limit(1)
    : [];
  const now = ctx.clock.now();
  const stored = await writerOf(ctx).store({
    event,
    ownerId: account.ownerId,
    fromMe,
    quotedId: quoted?.id ?? null,
    now,
  });
  if (stored === 'replay') {
    // Stored before: report the message stored the first time; nothing is written or published.
    const [first] = await ctx.db
      .select({ id: messages.id, chatId: messages.chatId })
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.externalId)))
      .limit(1);
    return { chatId: first?.chatId ?? '', messageId: first?.id ?? '', created: false };
  }
  const chat = toChat({
    chat: stored.chat,
    accountType: account.type,
    accountLabel: account.labelName,
    accountProvider: account.provider,
    accountWindow: account.replyWindowHours,
    agentName: stored.agentName,
    agentPhone: stored.agentPhone,
  });
  chat.contact.labels = stored.labels;
  chat.contact.labelIds = stored.labels.map((label) => label._id);
  ctx.bus.publish({
    kind: 'tenant',
    ownerId: account.ownerId,
    event: {
      type: 'message.created',
      chat,
      message: toMessage(stored.message, null, quoted ?? null),
    },
  });
  if (!fromMe) await notifyInbound(ctx, stored.chat, stored.message, now);
  return { chatId: stored.chat.id, messageId: stored.message.id, created: true };
}

/** Tells the kernel's inbound listeners (ChatHooks) of a stored customer message; a listener's failure is logged, never the sender's. */
async function notifyInbound(ctx: AppContext, chat: ChatRow, message: MessageRow, now: Date): Promise<void> {
  for (const listener of ctx.chatHooks.inboundListeners) {
    try {
      await listener({
        ownerId: chat.ownerId,
        accountId: chat.accountId,
        chatId: chat.id,
        messageId: message.id,
        phone: chat.contactPhone,
        type: message.type as MessageType,
        text: message.text,
        at: message.createdAt,
        // the chat was created by this message (its row is as old as the store)
        firstMessage: chat.createdAt.getTime() === now.getTime(),
      });
    } catch (error) {
      ctx.log.error({ err: error, chatId: chat.id }, 'inbound listener failed');
    }
  }
}

interface StoreRequest {
  event: InboundEvent;
  ownerId: string;
  fromMe: boolean;
  quotedId: string | null;
  now: Date;
}

/** What storing one event gave: the chat as it is now with its agent and labels, or a replay. */
type Stored =
  | {
      chat: ChatRow;
      message: MessageRow;
      agentName: string | null;
      agentPhone: string | null;
      labels: ChatLabel[];
    }
  | 'replay';

/** The statement refused a message whose new chat another statement created first (foreign key). */
class ChatRaced extends Error {}

/**
 * The inbound half of the spine for a batch of events in one statement, atomic without a
 * transaction's extra round trips. The messages go in first, under (account, external id): a replay
 * inserts nothing, and a chat is only created or touched from an inserted message, so a replay
 * changes nothing. Each message names its chat before the chat statement runs - the existing chat's
 * id, or a new one - and the foreign key is checked when the whole statement ends. The events come as
 * one JSON parameter, so the text is the same for every batch size (one prepared statement). No two
 * events of a batch share a chat (ON CONFLICT DO UPDATE may touch a row once a statement).
 */
async function storeBatch(ctx: AppContext, batch: StoreRequest[]): Promise<Stored[]> {
  const input = batch.map((r, n) => ({
    n,
    id: randomUUID(),
    new_chat_id: randomUUID(),
    owner_id: r.ownerId,
    account_id: r.event.accountId,
    external_id: r.event.externalId,
    contact_id: r.event.contact.externalId,
    contact_name: r.event.contact.name,
    contact_phone: r.event.contact.phone,
    contact_picture: r.event.contact.picture ?? null,
    type: r.event.type,
    text: r.event.text,
    media: r.event.media ?? null,
    quoted_id: r.quotedId,
    from_me: r.fromMe,
    status: r.fromMe ? 'sent' : 'unread',
    sent_at: r.event.sentAt.toISOString(),
    now: r.now.toISOString(),
  }));
  const newer = sql.raw('chats.last_message_at is null or chats.last_message_at <= excluded.last_message_at');
  const statement = sql`with i as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(n int, id text, new_chat_id text,
        owner_id text, account_id text, external_id text, contact_id text, contact_name text,
        contact_phone text, contact_picture text, type text, text text, media jsonb, quoted_id text,
        from_me boolean, status text, sent_at timestamptz, now timestamptz)
    ), m as (
      insert into messages (id, owner_id, chat_id, account_id, external_id, type, text, media,
        quoted_message_id, is_from_me, status, sender_name, created_at, updated_at)
      select i.id, i.owner_id,
        coalesce((select id from chats where account_id = i.account_id and external_id = i.contact_id), i.new_chat_id),
        i.account_id, i.external_id, i.type, i.text, i.media, i.quoted_id, i.from_me, i.status,
        case when i.from_me then null else i.contact_name end, i.sent_at, i.now
      from i order by i.n
      on conflict do nothing
      returning *
    ), c as (
      insert into chats as chats (id, owner_id, account_id, external_id, contact_name, contact_phone,
        contact_picture, last_message_at, last_message_text, last_message_type, last_message_is_from_me,
        last_message_status, last_message_id, from_sender_at, unread_count, created_at, updated_at,
        messages_version)
      select m.chat_id, i.owner_id, i.account_id, i.contact_id, i.contact_name, i.contact_phone,
        i.contact_picture, i.sent_at, i.text, i.type, i.from_me, i.status, m.id,
        case when i.from_me then null else i.sent_at end, case when i.from_me then 0 else 1 end, i.now, i.now,
        sapa_messages_version_now()
      from m join i on i.id = m.id
      on conflict (account_id, external_id) do update set
        -- what the messages_version trigger would write again otherwise (migration 0029)
        messages_version = excluded.messages_version, change_xid = pg_current_xact_id(),
        updated_at = excluded.updated_at,
        contact_picture = coalesce(excluded.contact_picture, chats.contact_picture),
        unread_count = chats.unread_count + excluded.unread_count,
        from_sender_at = greatest(chats.from_sender_at, excluded.from_sender_at),
        last_message_at = greatest(chats.last_message_at, excluded.last_message_at),
        last_message_text = case when ${newer} then excluded.last_message_text else chats.last_message_text end,
        last_message_type = case when ${newer} then excluded.last_message_type else chats.last_message_type end,
        last_message_is_from_me = case when ${newer} then excluded.last_message_is_from_me else chats.last_message_is_from_me end,
        last_message_status = case when ${newer} then excluded.last_message_status else chats.last_message_status end,
        last_message_id = case when ${newer} then excluded.last_message_id else chats.last_message_id end,
        -- a customer's new message reopens a resolved or snoozed conversation (issue 21)
        conversation_state = case when not excluded.last_message_is_from_me and (${newer}) then 'open'
          else chats.conversation_state end,
        snoozed_until = case when not excluded.last_message_is_from_me and (${newer}) then null
          else chats.snoozed_until end
      returning *
    )
    select m.id, row_to_json(c) as chat, row_to_json(m) as message, a.name as agent_name, a.phone as agent_phone,
      case when cardinality(c.label_ids) = 0 then '[]'::json else
        (select coalesce(json_agg(json_build_object('_id', l.id, 'name', l.name, 'color', l.color) order by listed.n), '[]'::json)
         from unnest(c.label_ids) with ordinality as listed(id, n)
         join chat_labels l on l.id = listed.id and l.owner_id = c.owner_id) end as labels
    from m join c on c.id = m.chat_id left join agents a on a.id = c.agent_id and c.agent_id <> ''`;
  type Row = {
    id: string;
    chat: Record<string, unknown>;
    message: Record<string, unknown>;
    agent_name: string | null;
    agent_phone: string | null;
    labels: ChatLabel[] | string;
  };
  let result: { rows: Row[] };
  try {
    result = (await ctx.db.execute(statement)) as unknown as typeof result;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23503' || e.cause?.code === '23503') throw new ChatRaced();
    throw error;
  }
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return input.map(({ id }) => {
    const row = byId.get(id);
    if (!row) return 'replay';
    return {
      chat: fromJson<ChatRow>(chats, row.chat),
      message: fromJson<MessageRow>(messages, row.message),
      agentName: row.agent_name,
      agentPhone: row.agent_phone,
      labels: typeof row.labels === 'string' ? (JSON.parse(row.labels) as ChatLabel[]) : row.labels,
    };
  });
}

/** Events stored at once at most: a batch's statement grows with it. */
const MAX_BATCH = 200;
/** Batches in flight at once; they never share a chat, so they neither race nor wait on each other. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  request: StoreRequest;
  chatKey: string;
  resolve: (stored: Stored) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for inbound messages: an event arriving while the writer is busy waits for the next
 * batch, and that batch stores everything that waited in one statement - one round trip, one commit
 * and one plan for tens of messages instead of one each (a burst, a WhatsApp history sync, a busy
 * sandbox). An idle writer stores an event at once, so a lone message waits for nothing. Events of
 * one chat go in separate batches, in the order they came. A batch that fails is stored again event
 * by event, so one bad event fails alone.
 */
class InboundWriter {
  private readonly queue: Waiting[] = [];
  /** chats in a running batch: their next events wait, and come after */
  private readonly busyChats = new Set<string>();
  private inFlight = 0;

  constructor(private readonly ctx: AppContext) {}

  store(request: StoreRequest): Promise<Stored> {
    return new Promise<Stored>((resolve, reject) => {
      const chatKey = `${request.event.accountId}\u0000${request.event.contact.externalId}`;
      this.queue.push({ request, chatKey, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      void this.run(batch).finally(() => {
        for (const waiting of batch) this.busyChats.delete(waiting.chatKey);
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The longest batch of waiting events whose chats are not busy, oldest first. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const held = new Set<string>();
    let kept = 0;
    for (const waiting of this.queue) {
      if (batch.length < MAX_BATCH && !this.busyChats.has(waiting.chatKey) && !held.has(waiting.chatKey)) {
        batch.push(waiting);
        this.busyChats.add(waiting.chatKey);
      } else {
        // an earlier event of this chat waits: a later one must not overtake it
        held.add(waiting.chatKey);
        this.queue[kept++] = waiting;
      }
    }
    this.queue.length = kept;
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const stored = await storeBatch(
        this.ctx,
        batch.map((w) => w.request),
      );
      batch.forEach((waiting, n) => waiting.resolve(stored[n]!));
      return;
    } catch (error) {
      if (batch.length === 1 && !(error instanceof ChatRaced)) {
        batch[0]!.reject(error);
        return;
      }
    }
    for (const waiting of batch) {
      try {
        waiting.resolve(await this.storeOne(waiting.request));
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  /**
   * One event alone. Another process may create the event's chat between the lookup and the insert
   * (the message then points at an id that never became a chat): once more, the chat now exists.
   */
  private async storeOne(request: StoreRequest): Promise<Stored> {
    try {
      return (await storeBatch(this.ctx, [request]))[0]!;
    } catch (error) {
      if (!(error instanceof ChatRaced)) throw error;
    }
    try {
      return (await storeBatch(this.ctx, [request]))[0]!;
    } catch (error) {
      throw error instanceof ChatRaced ? new AppError('INTERNAL') : error;
    }
  }
}

const writers = new WeakMap<AppContext, InboundWriter>();

function writerOf(ctx: AppContext): InboundWriter {
  let writer = writers.get(ctx);
  if (!writer) writers.set(ctx, (writer = new InboundWriter(ctx)));
  return writer;
}
