import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Message } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { agents, chats, jobs, messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import type { ResolvedContent } from './content';
import { publishChatEvent } from './publish';
import { messageView, toMessage } from './serialize';
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
  const [inserted] = await preparedStore(ctx.db, input.kind === 'auto' ? 'auto' : 'message').execute({
    id: randomUUID(),
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
  });
  if (!inserted) {
    // a retried send (the same temporaryId): nothing new is stored or sent; answer with the first one
    const existing = await findByTemporaryId(ctx, input.chatId, input.temporaryId);
    if (!existing) throw new AppError('INTERNAL');
    return { message: await messageView(ctx.db, existing), created: false };
  }
  const message = toMessage(inserted, await agentName(ctx, input.agentId), input.quoted);
  ctx.jobs.wake();
  await publishChatEvent(ctx, input.ownerId, input.chatId, 'message.created', message);
  return { message, created: true };
}

type StoreKind = 'message' | 'auto';

/**
 * A jsonb column's value given to a prepared statement as JSON text, so that null stays SQL NULL
 * (a placeholder of a jsonb column would be written as the JSON `null`).
 */
const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
const jsonbOf = (name: string) => sql`${sql.placeholder(name)}::text::jsonb`;

/**
 * storeOutbound's statement, built once per database and kind as a named prepared statement (every
 * send runs it; building it through Drizzle cost more CPU than PostgreSQL spent on it, and one
 * statement is one round trip instead of a transaction's five):
 *   m: the message, pending (nothing when the chat already has its temporaryId);
 *   c: the chat's last message moved to it - or, for an automatic reply, only auto_reply_at;
 *   j: its send job (SEND_JOB {messageId}, deduplicated on send:<id> as ctx.jobs.enqueue does).
 * The three run in one statement, so atomically, and c and j only for a message m stored.
 */
function preparedStore(db: Db, kind: StoreKind) {
  let byKind = preparedStores.get(db);
  if (!byKind) preparedStores.set(db, (byKind = new Map()));
  let prepared = byKind.get(kind);
  if (!prepared) {
    prepared = storeQuery(db, kind).prepare(`store_outbound_${kind}`);
    byKind.set(kind, prepared);
  }
  return prepared;
}

function storeQuery(db: Db, kind: StoreKind) {
  const p = sql.placeholder;
  const m = db.$with('m').as(
    db
      .insert(messages)
      .values({
        id: p('id'),
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
        kind,
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
      .set(
        kind === 'auto'
          ? { autoReplyAt: sql`${m.createdAt}`, updatedAt: sql`${m.createdAt}` }
          : {
              lastMessageAt: sql`${m.createdAt}`,
              lastMessageText: sql`${m.text}`,
              lastMessageType: sql`${m.type}`,
              lastMessageIsFromMe: true,
              lastMessageStatus: 'pending',
              lastMessageId: sql`${m.id}`,
              updatedAt: sql`${m.createdAt}`,
            },
      )
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
            createdAt: sql`${m.createdAt}`.as('created_at'),
          })
          .from(m) as never,
      )
      .onConflictDoNothing()
      .returning({ id: jobs.id }),
  );
  return db.with(m, c, j).select().from(m);
}
const preparedStores = new WeakMap<
  Db,
  Map<StoreKind, ReturnType<ReturnType<typeof storeQuery>['prepare']>>
>();

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
