import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Chat, Message } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, agents, chats, jobs, messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import type { ResolvedContent } from './content';
import { publishChatEvent } from './publish';
import {
  chatFromJson,
  chatJsonColumns,
  fromJson,
  messageView,
  toMessage,
  type ChatJsonRow,
} from './serialize';
import { SEND_JOB } from './send-job';

export interface OutboundInput extends ResolvedContent {
  ownerId: string;
  chatId: string;
  accountId: string;
  /** the sender's id for this message: a retry with the same one stores and sends nothing new */
  temporaryId: string;
  quoted: MessageRow | null;
  /** the agent who wrote it; null for the owner (and for broadcasts and the public API) */
  agentId: string | null;
  /**
   * 'auto' for an automatic reply (away message, greeting; issue 21): sent like any message, but it
   * is not the team's answer - the chat keeps its last message (still 'Belum Dibalas') and records
   * the reply in chats.auto_reply_at. 'message' by default.
   */
  kind?: 'message' | 'auto';
  /** what the channel needs beyond the content (issue 25): a Cloud API template {template: {...}} */
  channelExtra?: Record<string, unknown> | null;
  /** the account's provider: its connector may choose the message's channel id now (externalIdFor) */
  provider?: string;
}

/**
 * The outbound half of the spine (ARCHITECTURE §3): stores a message as pending, moves the chat's
 * last message to it and enqueues its send job, all in one statement (so atomically: a message is
 * never stored without its job); publishes `message.created` after. Idempotent on (chat,
 * temporaryId): a retried call returns the stored message and sends nothing new. Callers check who
 * may send what (policies, channel rules) before calling.
 */
export async function storeOutbound(
  ctx: AppContext,
  input: OutboundInput,
): Promise<{ message: Message; created: boolean }> {
  const id = randomUUID();
  const values: StoreValues = {
    id,
    externalId: (input.provider && ctx.connectors.get(input.provider)?.externalIdFor?.(id)) ?? null,
    jobId: randomUUID(),
    ownerId: input.ownerId,
    chatId: input.chatId,
    accountId: input.accountId,
    temporaryId: input.temporaryId,
    type: input.type,
    text: input.text,
    media: jsonOrNull(input.media),
    quotedMessageId: input.quoted?.id ?? null,
    agentId: input.agentId,
    channelExtra: jsonOrNull(input.channelExtra),
    now: ctx.clock.now(),
  };
  let inserted: MessageRow | undefined;
  let chat: Chat | undefined;
  if (input.kind === 'auto') [inserted] = await preparedAutoStore(ctx.db).execute(values);
  else ({ message: inserted, chat } = (await messageStorer(ctx.db)(values)) ?? {});
  if (!inserted) {
    // a retried send (the same temporaryId): nothing new is stored or sent; answer with the first one
    const existing = await findByTemporaryId(ctx, input.chatId, input.temporaryId);
    if (!existing) throw new AppError('INTERNAL');
    return { message: await messageView(ctx.db, existing), created: false };
  }
  const message = toMessage(inserted, await agentName(ctx, input.agentId), input.quoted);
  ctx.jobs.wake(SEND_JOB);
  if (chat)
    ctx.bus.publish({
      kind: 'tenant',
      ownerId: input.ownerId,
      event: { type: 'message.created', chat, message },
    });
  else await publishChatEvent(ctx, input.ownerId, input.chatId, 'message.created', message);
  return { message, created: true };
}

/**
 * A jsonb column's value given to a prepared statement as JSON text, so that null stays SQL NULL
 * (a placeholder of a jsonb column would be written as the JSON `null`).
 */
const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const jsonbOf = (name: string) => sql`${sql.placeholder(name)}::text::jsonb`;

/**
 * storeOutbound's statement for an automatic reply, built once per database as a named prepared
 * statement (building it through Drizzle cost more CPU than PostgreSQL spent on it, and one statement
 * is one round trip instead of a transaction's five):
 *   m: the message, pending (nothing when the chat already has its temporaryId);
 *   c: the chat's auto_reply_at (its last message stays the customer's: issue 21);
 *   j: its send job (SEND_JOB {messageId}, deduplicated on send:<id> as ctx.jobs.enqueue does).
 * The three run in one statement, so atomically, and c and j only for a message m stored. A message
 * goes through storeMany instead.
 */
function preparedAutoStore(db: Db) {
  let prepared = preparedAutoStores.get(db);
  if (!prepared) {
    prepared = autoStoreQuery(db).prepare('store_outbound_auto');
    preparedAutoStores.set(db, prepared);
  }
  return prepared;
}

type StoreValues = {
  id: string;
  /** the channel id the connector chose for it (externalIdFor), else null */
  externalId: string | null;
  jobId: string;
  ownerId: string;
  chatId: string;
  accountId: string;
  temporaryId: string;
  type: string;
  text: string;
  /** JSON text (jsonOrNull) */
  media: string | null;
  quotedMessageId: string | null;
  agentId: string | null;
  /** JSON text (jsonOrNull) */
  channelExtra: string | null;
  now: Date;
};

/** A message stored, with its chat as the statement left it (what message.created carries). */
type Stored = { message: MessageRow; chat: Chat };

/**
 * storeOutbound of a message (not an automatic reply): concurrent sends - the public API's, many a
 * second - go as one statement (lib/coalesce.ts). Undefined when the chat already has the message's
 * temporaryId.
 */
const messageStorer = perDatabase((db: Db) =>
  coalescer<StoreValues, Stored | undefined>(
    (batch) => storeMany(db, batch),
    async (values) => (await storeMany(db, [values]))[0],
  ),
);

/**
 * storeOutbound of messages, a batch in one statement: the messages inserted in the batch's order
 * (those whose chat already has their temporaryId are not), each chat's last message moved to the
 * newest of them (a chat's row is updated once a statement), a send job for each inserted one, and
 * each chat read back as the statement left it, with its account, agent and labels - so publishing
 * message.created reads nothing more. The batch comes as one JSON parameter, so the text is the same
 * for every size.
 */
async function storeMany(db: Db, batch: readonly StoreValues[]): Promise<(Stored | undefined)[]> {
  const input = batch.map((v, n) => ({
    n,
    id: v.id,
    external_id: v.externalId,
    job_id: v.jobId,
    owner_id: v.ownerId,
    chat_id: v.chatId,
    account_id: v.accountId,
    temporary_id: v.temporaryId,
    type: v.type,
    text: v.text,
    media: v.media === null ? null : (JSON.parse(v.media) as unknown),
    quoted_message_id: v.quotedMessageId,
    agent_id: v.agentId,
    channel_extra: v.channelExtra === null ? null : (JSON.parse(v.channelExtra) as unknown),
    now: v.now.toISOString(),
  }));
  const { rows } = (await db.execute(sql`with i as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(n int, id text, external_id text, job_id text,
        owner_id text, chat_id text, account_id text, temporary_id text, type text, text text, media jsonb,
        quoted_message_id text, agent_id text, channel_extra jsonb, now timestamptz)
    ), m as (
      insert into ${messages} (id, external_id, owner_id, chat_id, account_id, temporary_id, type, text,
        media, quoted_message_id, is_from_me, status, agent_id, kind, channel_extra, created_at, updated_at)
      select id, external_id, owner_id, chat_id, account_id, temporary_id, type, text, media,
        quoted_message_id, true, 'pending', agent_id, 'message', channel_extra, now, now
      from i order by n
      on conflict do nothing
      returning *
    ), newest as (
      select distinct on (chat_id) * from m order by chat_id, created_at desc, seq desc
    ), c as (
      update ${chats} set last_message_at = newest.created_at, last_message_text = newest.text,
        last_message_type = newest.type, last_message_is_from_me = true, last_message_status = 'pending',
        last_message_id = newest.id, updated_at = newest.created_at,
        -- what the messages_version trigger would write again otherwise (migration 0029)
        messages_version = sapa_messages_version_now(), change_xid = pg_current_xact_id()
      from newest
      -- by primary key, whatever the estimates (a scan of every chat looked cheaper to the planner of
      -- a young database, whose chats are few and whose batch it guessed at 100 rows)
      where ${chats.id} = any(array(select chat_id from newest))
        and ${chats.id} = newest.chat_id and ${chats.ownerId} = newest.owner_id
      returning ${chats}.*
    ), j as (
      insert into ${jobs} (id, name, payload, dedupe_key, state, attempts, max_attempts, run_at, created_at)
      select i.job_id, ${SEND_JOB}, jsonb_build_object('messageId', m.id), 'send:' || m.id, 'queued', 0,
        ${jobs.maxAttempts.default as number}, m.created_at, m.created_at
      from m join i on i.id = m.id
      on conflict do nothing
      returning ${jobs.id}
    )
    select m.id, row_to_json(m) as message, ${chatJsonColumns}
    from m join c on c.id = m.chat_id join ${accounts} a on a.id = c.account_id
    left join ${agents} g on g.id = c.agent_id`)) as unknown as { rows: StoredRow[] };
  const byId = new Map(rows.map((row) => [row.id, row]));
  return batch.map((v) => {
    const row = byId.get(v.id);
    if (!row) return undefined;
    return { message: fromJson<MessageRow>(messages, row.message), chat: chatFromJson(row) };
  });
}

type StoredRow = ChatJsonRow & { id: string; message: Record<string, unknown> };

function autoStoreQuery(db: Db) {
  const p = sql.placeholder;
  const m = db.$with('m').as(
    db
      .insert(messages)
      .values({
        id: p('id'),
        externalId: p('externalId'),
        ownerId: p('ownerId'),
        chatId: p('chatId'),
        accountId: p('accountId'),
        temporaryId: p('temporaryId'),
        type: p('type'),
        text: p('text'),
        media: jsonbOf('media'),
        quotedMessageId: p('quotedMessageId'),
        isFromMe: true,
        status: 'pending',
        agentId: p('agentId'),
        kind: 'auto',
        channelExtra: jsonbOf('channelExtra'),
        createdAt: p('now'),
        updatedAt: p('now'),
      })
      .onConflictDoNothing()
      .returning(),
  );
  const c = db.$with('c').as(
    db
      .update(chats)
      .set({ autoReplyAt: sql`${m.createdAt}`, updatedAt: sql`${m.createdAt}` })
      .from(m)
      .where(and(eq(chats.id, m.chatId), eq(chats.ownerId, m.ownerId)))
      .returning({ id: chats.id }),
  );
  const j = db.$with('j').as(
    db
      .insert(jobs)
      .select(
        db
          .select({
            id: sql`${p('jobId')}`.as('id'),
            name: sql`${SEND_JOB}`.as('name'),
            payload: sql`jsonb_build_object('messageId', ${m.id})`.as('payload'),
            dedupeKey: sql`'send:' || ${m.id}`.as('dedupe_key'),
            state: sql`'queued'`.as('state'),
            attempts: sql`0`.as('attempts'),
            maxAttempts: sql`${jobs.maxAttempts.default as number}`.as('max_attempts'),
            runAt: sql`${m.createdAt}`.as('run_at'),
            lockedUntil: sql`null::timestamptz`.as('locked_until'),
            lastError: sql`null::text`.as('last_error'),
            failedAt: sql`null::timestamptz`.as('failed_at'),
            createdAt: sql`${m.createdAt}`.as('created_at'),
          })
          .from(m) as never,
      )
      .onConflictDoNothing()
      .returning({ id: jobs.id }),
  );
  return db.with(m, c, j).select().from(m);
}
const preparedAutoStores = new WeakMap<Db, ReturnType<ReturnType<typeof autoStoreQuery>['prepare']>>();

async function findByTemporaryId(ctx: AppContext, chatId: string, temporaryId: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.temporaryId, temporaryId)))
    .limit(1);
  return row ?? null;
}

async function agentName(ctx: AppContext, agentId: string | null): Promise<string | null> {
  if (!agentId) return null;
  const [row] = await ctx.db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row?.name ?? null;
}
