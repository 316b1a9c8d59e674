import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type {
  Chat,
  ChatLabel,
  ConversationState,
  Message,
  MessageKind,
  MessageStatus,
  MessageType,
  QuotedMessage,
  SearchHit,
} from '@sapa/contracts';
import { LIMITS, replyWindowHoursOf } from '@sapa/contracts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { accounts, agents, chatLabels, chats, messages } from '../../db/schema';
import type { ChatRow, MessageRow } from '../../channels/connector';
import { attachLabels } from '../label/service';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { textArray } from '../../db/sql';
import { mediaField } from './content';

/** Each table's columns as fromJson reads them: the row's key, the JSON's name, the column. */
const jsonColumns = new WeakMap<PgTable, [key: string, name: string, column: AnyPgColumn][]>();

/** A row of `table` as `row_to_json` gives it, with each value read as Drizzle reads the column. */
export function fromJson<T>(table: PgTable, json: Record<string, unknown>): T {
  let columns = jsonColumns.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(
      ([key, column]) => [key, column.name, column as AnyPgColumn] as [string, string, AnyPgColumn],
    );
    jsonColumns.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columns) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** The chat columns clients see (toChat); the list reads only these, 20 rows at a time. */
const chatViewColumns = {
  id: chats.id,
  accountId: chats.accountId,
  contactName: chats.contactName,
  contactPhone: chats.contactPhone,
  contactPicture: chats.contactPicture,
  note: chats.note,
  labelIds: chats.labelIds,
  agentId: chats.agentId,
  lastMessageAt: chats.lastMessageAt,
  lastMessageText: chats.lastMessageText,
  lastMessageType: chats.lastMessageType,
  lastMessageIsFromMe: chats.lastMessageIsFromMe,
  lastMessageStatus: chats.lastMessageStatus,
  fromSenderAt: chats.fromSenderAt,
  unreadCount: chats.unreadCount,
  createdAt: chats.createdAt,
  conversationState: chats.conversationState,
  snoozedUntil: chats.snoozedUntil,
};

/** A chat row as far as toChat reads it. */
export type ChatViewRow = Pick<ChatRow, keyof typeof chatViewColumns>;

/** The columns every chat read needs: the chat plus its account and agent. */
export const chatColumns = {
  chat: chatViewColumns,
  accountType: accounts.type,
  accountLabel: accounts.labelName,
  accountProvider: accounts.provider,
  accountWindow: accounts.replyWindowHours,
  agentName: agents.name,
  agentPhone: agents.phone,
};

export interface ChatJoinRow {
  chat: ChatViewRow;
  accountType: 'whatsapp' | 'instagram' | 'messenger';
  accountLabel: string;
  accountProvider: string;
  /** accounts.reply_window_hours as stored (replyWindowHoursOf gives the effective one) */
  accountWindow: number | null;
  agentName: string | null;
  agentPhone: string | null;
}

/** Selects chats with their joins (and `extra` columns); callers add where/order/limit. */
export function selectChats<Extra extends Record<string, SQL>>(db: Db | Tx, extra?: Extra) {
  return db
    .select({ ...chatColumns, ...(extra as Extra) })
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId))
    .leftJoin(agents, eq(agents.id, chats.agentId));
}

/** A timestamp as Date.toISOString writes it (milliseconds truncated, as a Date read from the row holds them). */
const isoTime = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The chat's labels (or their ids) that still exist, in the chat's order, as JSON text: what
 * attachLabels gives, written the way JSON.stringify writes it (no spaces: json_agg and
 * json_build_object would add some, and the list must be the same bytes as GET /chat/{id}).
 */
const labelsJson = (item: SQL) => sql`case when cardinality(${chats.labelIds}) = 0 then '[]' else
  (select '[' || coalesce(string_agg(${item}, ',' order by listed.n), '') || ']'
   from unnest(${chats.labelIds}) with ordinality as listed(id, n)
   join ${chatLabels} on ${chatLabels.id} = listed.id and ${chatLabels.ownerId} = ${chats.ownerId}) end`;

/** A value as JSON text: `to_json` escapes it (a string, a number); SQL null becomes JSON null. */
export const json = (value: SQL | AnyPgColumn) => sql`coalesce(to_json(${value})::text, 'null')`;

/** A timestamp as a JSON string the way Date.toISOString writes it, or null. */
export const jsonTime = (column: AnyPgColumn) => sql`coalesce('"' || ${isoTime(column)} || '"', 'null')`;

/**
 * toChat with attachLabels, written by PostgreSQL as JSON text: the chat lists (the inbox's most
 * frequent reads) send these as they come, so the server's one thread neither parses 20 rows of
 * columns, builds the objects nor serialises them again (~40% of its CPU per list call). Written by
 * concatenation with a `to_json` per value: json_build_object looks up each argument's type on every
 * row, and cost three times as much (PostgreSQL 15). Checked byte for byte against toChat's
 * JSON.stringify (GET /chat/{id}) and ingest's realtime frame by chat.test.ts ('lists each chat
 * exactly as GET /chat/{id} and the realtime frame show it').
 */
export const chatJson = sql<string>`('{"_id":' || ${json(chats.id)}
  || ',"accountId":' || ${json(chats.accountId)}
  || ',"account":{"type":' || ${json(accounts.type)} || ',"label":{"name":' || ${json(accounts.labelName)} || '}'
    || ',"provider":' || ${json(accounts.provider)}
    || ',"replyWindowHours":' || ${json(sql`coalesce(${accounts.replyWindowHours}, case when ${accounts.type} = 'instagram' then ${LIMITS.instagramReplyWindowMs / 3_600_000}::int end)`)} || '}'
  || ',"senderPicture":' || ${json(chats.contactPicture)}
  || ',"contact":{"name":' || ${json(chats.contactName)}
    || ',"phoneNumber":' || ${json(chats.contactPhone)}
    || ',"note":' || ${json(chats.note)}
    || ',"labels":' || ${labelsJson(sql`'{"_id":' || ${json(chatLabels.id)} || ',"name":' || ${json(chatLabels.name)} || ',"color":' || ${json(chatLabels.color)} || '}'`)}
    || ',"labelIds":' || ${labelsJson(json(chatLabels.id))} || '}'
  || ',"agentId":' || ${json(chats.agentId)}
  || ',"agent":' || case when ${chats.agentId} <> '' and ${agents.name} <> ''
    then '{"_id":' || ${json(chats.agentId)} || ',"name":' || ${json(agents.name)}
      || ',"phone":' || ${json(sql`coalesce(${agents.phone}, '')`)} || '}'
    else 'null' end
  || ',"lastMessage":' || case when ${chats.lastMessageAt} is not null
    then '{"sendAt":' || ${jsonTime(chats.lastMessageAt)}
      || ',"text":' || ${json(chats.lastMessageText)}
      || ',"type":' || ${json(chats.lastMessageType)}
      || ',"isFromMe":' || ${json(chats.lastMessageIsFromMe)}
      || ',"status":' || ${json(chats.lastMessageStatus)} || '}'
    else 'null' end
  || ',"fromSenderAt":' || ${jsonTime(chats.fromSenderAt)}
  || ',"unreadCount":' || ${json(chats.unreadCount)}
  || ',"createdAt":' || ${jsonTime(chats.createdAt)}
  || ',"conversationState":' || ${json(chats.conversationState)}
  || ',"snoozedUntil":' || ${jsonTime(chats.snoozedUntil)} || '}')`;

/** Selects chats as chatJson (and `extra` columns); callers add where/order/limit. */
export function selectChatJson<Extra extends Record<string, SQL>>(db: Db | Tx, extra?: Extra) {
  return db
    .select({ json: chatJson, ...(extra as Extra) })
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId))
    .leftJoin(agents, eq(agents.id, chats.agentId));
}

/** A page of chats as chatJson texts. */
export interface ChatPage {
  docs: string[];
  hasNextPage: boolean;
  /** a search's hits for these chats, when the search engine read them with the page */
  hits?: SearchHit[];
}

/** The body of a chat list response, `{docs, hasNextPage}`, from texts already JSON. */
export const chatPageBody = (page: ChatPage): string =>
  `{"docs":[${page.docs.join(',')}],"hasNextPage":${page.hasNextPage}}`;

export function toChat(row: ChatJoinRow): Chat {
  const c = row.chat;
  return {
    _id: c.id,
    accountId: c.accountId,
    account: {
      type: row.accountType,
      label: { name: row.accountLabel },
      provider: row.accountProvider,
      replyWindowHours: replyWindowHoursOf(row.accountType, row.accountWindow),
    },
    senderPicture: c.contactPicture,
    contact: {
      name: c.contactName,
      phoneNumber: c.contactPhone,
      note: c.note,
      labels: [],
      labelIds: c.labelIds,
    },
    agentId: c.agentId,
    agent:
      c.agentId && row.agentName
        ? { _id: c.agentId, name: row.agentName, phone: row.agentPhone ?? '' }
        : null,
    lastMessage: c.lastMessageAt
      ? {
          sendAt: c.lastMessageAt.toISOString(),
          text: c.lastMessageText,
          type: c.lastMessageType as MessageType,
          isFromMe: c.lastMessageIsFromMe,
          status: c.lastMessageStatus as MessageStatus,
        }
      : null,
    fromSenderAt: c.fromSenderAt?.toISOString() ?? null,
    unreadCount: c.unreadCount,
    createdAt: c.createdAt.toISOString(),
    conversationState: c.conversationState as ConversationState,
    snoozedUntil: c.snoozedUntil?.toISOString() ?? null,
  };
}

/**
 * What a statement that writes a chat reads back beside it (the inbound batch, the outbound batch,
 * the public API's chat opening): the row as `row_to_json` gives it, its account's and agent's columns,
 * and its labels that still exist (chatLabelsJson).
 */
export interface ChatJsonRow {
  chat: Record<string, unknown>;
  account_type: ChatJoinRow['accountType'];
  account_label: string;
  account_provider: string;
  account_window: number | null;
  agent_name: string | null;
  agent_phone: string | null;
  labels: ChatLabel[] | string;
}

/** The Chat clients see from a ChatJsonRow: what loadChat would read now. */
export function chatFromJson(row: ChatJsonRow): Chat {
  const chat = toChat({
    chat: fromJson<ChatRow>(chats, row.chat),
    accountType: row.account_type,
    accountLabel: row.account_label,
    accountProvider: row.account_provider,
    accountWindow: row.account_window,
    agentName: row.agent_name,
    agentPhone: row.agent_phone,
  });
  const labels = typeof row.labels === 'string' ? (JSON.parse(row.labels) as ChatLabel[]) : row.labels;
  chat.contact.labels = labels;
  chat.contact.labelIds = labels.map((label) => label._id);
  return chat;
}

/**
 * ChatJsonRow's columns for a chat row `c` (a CTE's or a table alias) joined with its account `a` and
 * agent `g`: the labels in the chat's order, as JSON.
 */
export const chatJsonColumns = sql.raw(`row_to_json(c) as chat, a.type as account_type,
  a.label_name as account_label, a.provider as account_provider,
  a.reply_window_hours as account_window, g.name as agent_name, g.phone as agent_phone,
  case when cardinality(c.label_ids) = 0 then '[]'::json else
    (select coalesce(json_agg(json_build_object('_id', l.id, 'name', l.name, 'color', l.color) order by listed.n), '[]'::json)
     from unnest(c.label_ids) with ordinality as listed(id, n)
     join chat_labels l on l.id = listed.id and l.owner_id = c.owner_id) end as labels`);

/** The quoted message as a reply shows it (spec §3): a deleted original keeps only its type. */
export function toQuoted(q: MessageRow): QuotedMessage {
  const type = (q.isDeleted ? 'deleted' : q.type) as MessageType;
  return {
    messageId: q.id,
    isFromMe: q.isFromMe,
    senderName: q.senderName ?? '',
    type,
    text: q.isDeleted ? '' : q.text,
    ...(q.isDeleted ? {} : mediaField(q.type, q.media)),
  };
}

export function toMessage(
  m: MessageRow,
  agentName: string | null = null,
  quoted: MessageRow | null = null,
): Message {
  return {
    _id: m.id,
    messageId: m.externalId,
    temporaryId: m.temporaryId,
    chatId: m.chatId,
    type: (m.isDeleted ? 'deleted' : m.type) as MessageType,
    text: m.isDeleted ? '' : m.text,
    status: m.status as MessageStatus,
    isFromMe: m.isFromMe,
    isDeleted: m.isDeleted,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    agentId: m.agentId,
    agent: agentName ? { name: agentName } : null,
    errorMessage: m.errorMessage,
    quotedMessageId: m.quotedMessageId,
    quoted: quoted ? toQuoted(quoted) : null,
    kind: m.kind as MessageKind,
    mentions: m.mentions,
    pricingCategory: m.pricingCategory,
    ...(m.isDeleted ? {} : mediaField(m.type, m.media)),
  };
}

/** One chat by id within a tenant, serialised; null when it is not theirs. */
export async function loadChat(db: Db, ownerId: string, chatId: string): Promise<Chat | null> {
  const row = await chatLoader(db)({ ownerId, chatId });
  if (!row) return null;
  const [chat] = await attachLabels(db, ownerId, [toChat(row)]);
  return chat ?? null;
}

type LoadedChatRow = ChatJoinRow & { ownerId: string };

/**
 * loadChat's read: every send reads its chat before and publishes it after, so concurrent reads go
 * as one statement (lib/coalesce.ts), each answered only with a chat of its own tenant. Both
 * statements are built once per database as named prepared statements (as the list's, list.ts).
 */
const chatLoader = perDatabase((db: Db) => {
  const one = loadChatQuery(db).prepare('load_chat');
  const many = loadChatsQuery(db).prepare('load_chats');
  return coalescer<{ ownerId: string; chatId: string }, LoadedChatRow | null>(
    async (keys) => {
      const rows = await many.execute({ chatIds: keys.map((k) => k.chatId) });
      const byId = new Map(rows.map((row) => [row.chat.id, row]));
      return keys.map(({ ownerId, chatId }) => {
        const row = byId.get(chatId);
        return row?.ownerId === ownerId ? row : null;
      });
    },
    async (key) => ((await one.execute(key))[0] as LoadedChatRow | undefined) ?? null,
  );
});

const loadChatQuery = (db: Db) =>
  selectChats(db, { ownerId: sql<string>`${chats.ownerId}` })
    .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.ownerId, sql.placeholder('ownerId'))))
    .limit(1);
const loadChatsQuery = (db: Db) =>
  selectChats(db, { ownerId: sql<string>`${chats.ownerId}` }).where(
    sql`${chats.id} = any(${sql.placeholder('chatIds')}::text[])`,
  );

/** A stored message as clients see it, with its agent's name and the message it quotes. */
export async function messageView(db: Db | Tx, m: MessageRow): Promise<Message> {
  const [agent] = m.agentId
    ? await db.select({ name: agents.name }).from(agents).where(eq(agents.id, m.agentId)).limit(1)
    : [];
  const [quoted] = m.quotedMessageId
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, m.quotedMessageId), eq(messages.chatId, m.chatId)))
        .limit(1)
    : [];
  return toMessage(m, agent?.name ?? null, quoted ?? null);
}

/**
 * messageView of many messages: their agents' names and the messages they quote read in one query
 * each (none when no message has them), not a query or two per message of the batch.
 */
export async function messageViews(db: Db | Tx, rows: MessageRow[]): Promise<Message[]> {
  const agentIds = [...new Set(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])))];
  const quotedIds = [...new Set(rows.flatMap((r) => (r.quotedMessageId ? [r.quotedMessageId] : [])))];
  const [names, quoted] = await Promise.all([
    agentIds.length
      ? db
          .select({ id: agents.id, name: agents.name })
          .from(agents)
          .where(sql`${agents.id} = any(${textArray(agentIds)})`)
      : [],
    quotedIds.length
      ? db
          .select()
          .from(messages)
          .where(sql`${messages.id} = any(${textArray(quotedIds)})`)
      : [],
  ]);
  const nameById = new Map(names.map((a) => [a.id, a.name]));
  const quotedById = new Map(quoted.map((m) => [m.id, m]));
  return rows.map((row) => {
    // as messageView: only a message of the same chat is quoted
    const q = row.quotedMessageId ? quotedById.get(row.quotedMessageId) : undefined;
    return toMessage(
      row,
      row.agentId ? (nameById.get(row.agentId) ?? null) : null,
      q && q.chatId === row.chatId ? q : null,
    );
  });
}
