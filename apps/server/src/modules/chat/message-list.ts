import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, chats, messages, users } from '../../db/schema';
import { recent, remember } from './list-query';
import { mediaField } from './content';
import { json, jsonTime } from './serialize';

/** The page's messages (a subquery: see preparedMessagePage) and the messages they quote. */
const m = alias(messages, 'm');
const quoted = alias(messages, 'quoted');

/**
 * toMessage with its agent's name and the message it quotes (toQuoted), written by PostgreSQL as
 * JSON text: `head` up to the quoted message's fields, then (where there is one) the quoted
 * message's media field, `tail` (its kind and mentions), the message's media field, and the closing
 * brace. The media objects are the only values written by JSON.stringify (`mediaPart`, for the rows
 * that have one): a jsonb's text has spaces and its numbers are PostgreSQL's, not JavaScript's.
 * Checked byte for byte against JSON.stringify(toMessage(...)) by message-list.test.ts.
 */
const head = sql<string>`('{"_id":' || ${json(m.id)}
  || ',"messageId":' || ${json(m.externalId)}
  || ',"temporaryId":' || ${json(m.temporaryId)}
  || ',"chatId":' || ${json(m.chatId)}
  || ',"type":' || case when ${m.isDeleted} then '"deleted"' else ${json(m.type)} end
  || ',"text":' || case when ${m.isDeleted} then '""' else ${json(m.text)} end
  || ',"status":' || ${json(m.status)}
  || ',"isFromMe":' || ${json(m.isFromMe)}
  || ',"isDeleted":' || ${json(m.isDeleted)}
  || ',"createdAt":' || ${jsonTime(m.createdAt)}
  || ',"updatedAt":' || ${jsonTime(m.updatedAt)}
  || ',"agentId":' || ${json(m.agentId)}
  || ',"agent":' || case when ${agents.name} <> '' then '{"name":' || ${json(agents.name)} || '}' else 'null' end
  || ',"errorMessage":' || ${json(m.errorMessage)}
  || ',"quotedMessageId":' || ${json(m.quotedMessageId)}
  || ',"quoted":' || case when ${quoted.id} is null then 'null' else
    '{"messageId":' || ${json(quoted.id)}
    || ',"isFromMe":' || ${json(quoted.isFromMe)}
    || ',"senderName":' || ${json(sql`coalesce(${quoted.senderName}, '')`)}
    || ',"type":' || case when ${quoted.isDeleted} then '"deleted"' else ${json(quoted.type)} end
    || ',"text":' || case when ${quoted.isDeleted} then '""' else ${json(quoted.text)} end end)`;

const tail = sql<string>`(case when ${quoted.id} is null then '' else '}' end
  || ',"kind":' || ${json(m.kind)}
  || ',"mentions":' || ${json(m.mentions)}
  || ',"pricingCategory":' || ${json(m.pricingCategory)})`;

/**
 * One message of the list as one text column: the whole JSON when neither the message nor the one
 * it quotes has media (most messages), else its pieces joined by U+0001 (which no JSON text written
 * by to_json or jsonb holds unescaped): head, the quoted message's type and media, tail, the
 * message's type and media. One column, because Drizzle's mapping of each row's columns was a
 * tenth of the server's CPU for this list.
 */
const SEPARATOR = '\u0001';
const column = sql<string>`case when ${m.media} is null and ${quoted.media} is null
  then ${head} || ${tail} || '}'
  else ${head} || chr(1) || coalesce(${quoted.type}, '') || chr(1)
    || coalesce(case when not ${quoted.isDeleted} then ${quoted.media}::text end, '') || chr(1)
    || ${tail} || chr(1) || ${m.type} || chr(1)
    || coalesce(case when not ${m.isDeleted} then ${m.media}::text end, '') end`;

/** `,"<type>":<media>` as the spread of mediaField writes it into toMessage's JSON, or nothing. */
function mediaPart(type: string | undefined, media: string | undefined): string {
  if (!media || !type) return '';
  const field = JSON.stringify(mediaField(type, JSON.parse(media)));
  return field === '{}' ? '' : `,${field.slice(1, -1)}`;
}

/** One message of the list as JSON text, the same bytes as JSON.stringify of toMessage's object. */
export function messageListJson(text: string): string {
  if (!text.includes(SEPARATOR)) return text;
  const [head, quotedType, quotedMedia, tail, type, media] = text.split(SEPARATOR);
  return `${head}${mediaPart(quotedType, quotedMedia)}${tail}${mediaPart(type, media)}}`;
}

/**
 * The statement of a page of one chat's messages, newest first, as named prepared statements (once
 * per database). The order is the index's own (messages_chat_created_idx is `desc nulls last`;
 * a plain `desc` means nulls first, which that index cannot give, so PostgreSQL sorted the chat's
 * every message, in parallel workers, on each call). A first page has its limit written into the
 * text, like the chat list's (list.ts): PostgreSQL estimates a `limit $n` or `offset $n` as a tenth
 * of the rows, so it planned such a statement on every call. Later pages keep their parameters.
 */
function preparedMessagePage(db: Db, limit: number, firstPage: boolean): PreparedMessagePage {
  const shape = firstPage ? `first_${limit}` : 'paged';
  let byShape = preparedMessagePages.get(db);
  if (!byShape) preparedMessagePages.set(db, (byShape = new Map()));
  let prepared = recent(byShape, shape);
  if (!prepared) {
    // The page is read first, in a subquery, and its 20 messages joined to their agents and quoted
    // messages after: joined in one query, the generic plan (estimating 10 messages a chat) read the
    // quoted messages through the chat's index too, all of the chat's messages for each row.
    const limited = firstPage
      ? sql`limit ${sql.raw(String(limit + 1))}`
      : sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    prepared = db
      .select({
        json: column,
        // the versions the page was read at, in the same statement (one snapshot): see pageCache
        version: sql<string>`(select ${chats.messagesVersion} || ':' || ${users.agentsVersion} from ${chats}
          join ${users} on ${users.id} = ${chats.ownerId}
          where ${chats.id} = ${sql.placeholder('chatId')} and ${chats.ownerId} = ${sql.placeholder('ownerId')})`,
      })
      .from(
        sql`(select * from ${messages} where ${messages.chatId} = ${sql.placeholder('chatId')}
          and ${messages.ownerId} = ${sql.placeholder('ownerId')}
          order by ${messages.createdAt} desc nulls last, ${messages.seq} desc nulls last ${limited}) as ${sql.identifier('m')}`,
      )
      .leftJoin(agents, eq(agents.id, m.agentId))
      .leftJoin(quoted, and(eq(quoted.id, m.quotedMessageId), eq(quoted.chatId, m.chatId)))
      .orderBy(sql`${m.createdAt} desc nulls last`, sql`${m.seq} desc nulls last`)
      .prepare(`message_list_${shape}`);
    remember(byShape, shape, prepared);
  }
  return prepared;
}

interface PreparedMessagePage {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
const preparedMessagePages = new WeakMap<Db, Map<string, PreparedMessagePage>>();

/** The versions a chat's list stands at now (see pageCache), or none for a stranger's or no chat. */
function preparedVersion(db: Db): PreparedMessagePage {
  let prepared = preparedVersions.get(db);
  if (!prepared) {
    prepared = db
      .select({ version: sql<string>`${chats.messagesVersion} || ':' || ${users.agentsVersion}` })
      .from(chats)
      .innerJoin(users, eq(users.id, chats.ownerId))
      .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.ownerId, sql.placeholder('ownerId'))))
      .prepare('message_list_version');
    preparedVersions.set(db, prepared);
  }
  return prepared;
}
const preparedVersions = new WeakMap<Db, PreparedMessagePage>();

/**
 * First pages of message lists as sent, with the versions they were read at: the chat's
 * messagesVersion (moved by every transaction that writes its messages) and its owner's agentsVersion
 * (moved by renaming or removing an agent), both kept by triggers (migration 0014), so no write path
 * can leave a page stale. A page is served again after one primary-key read that finds both versions
 * unchanged; otherwise it is read again. Building the page's JSON was most of PostgreSQL's work for
 * this list, and a chat's first page is read again and again: by each teammate opening the chat and
 * after each realtime change. Each process keeps its own (every read checks the database, so
 * several servers agree). Bounded: the most recently used MAX_CACHED_PAGES.
 */
const pageCache = new WeakMap<Db, Map<string, { version: string; body: string }>>();
const MAX_CACHED_PAGES = 2000;

/**
 * A page of a chat's messages of this tenant as the JSON text of `{docs, hasNextPage}` (docs oldest
 * first), or null when the page is empty (the caller then tells an empty chat from a stranger's).
 */
export async function messagePageJson(
  db: Db,
  ownerId: string,
  chatId: string,
  page: number,
  limit: number,
): Promise<string | null> {
  const offset = (page - 1) * limit;
  const first = offset === 0;
  let cache = pageCache.get(db);
  if (!cache) pageCache.set(db, (cache = new Map()));
  const key = `${ownerId}\n${chatId}\n${limit}`;
  if (first) {
    const cached = recent(cache, key);
    if (cached) {
      const [now] = (await preparedVersion(db).execute({ chatId, ownerId })) as { version: string }[];
      if (now?.version === cached.version) return cached.body;
      cache.delete(key);
    }
  }
  const rows = (await preparedMessagePage(db, limit, first).execute({
    chatId,
    ownerId,
    limit: limit + 1,
    offset,
  })) as { json: string; version: string | null }[];
  if (!rows.length) return null;
  const docs: string[] = [];
  for (let i = Math.min(rows.length, limit) - 1; i >= 0; i--) docs.push(messageListJson(rows[i]!.json));
  const body = `{"docs":[${docs.join(',')}],"hasNextPage":${rows.length > limit}}`;
  const version = rows[0]!.version;
  if (first && version !== null) {
    cache.set(key, { version, body });
    for (const oldest of cache.keys()) {
      if (cache.size <= MAX_CACHED_PAGES) break;
      cache.delete(oldest);
    }
  }
  return body;
}

/** The body of an empty page. */
export const EMPTY_MESSAGE_PAGE = '{"docs":[],"hasNextPage":false}';
