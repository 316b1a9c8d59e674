import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, messages } from '../../db/schema';
import { recent, remember } from './list-query';
import { mediaField } from './content';
import { json, jsonTime } from './serialize';

const quoted = alias(messages, 'quoted');

/**
 * toMessage with its agent's name and the message it quotes (toQuoted), written by PostgreSQL as
 * JSON text in pieces: `head` up to the quoted message's fields, then the quoted message's media
 * field, `tail` (its kind and mentions), the message's media field, and the closing brace. The media
 * objects are the only values written here by JSON.stringify (`mediaPart`, for the rows that have
 * one): a jsonb's text has spaces and its numbers are PostgreSQL's, not JavaScript's. Checked byte
 * for byte against JSON.stringify(toMessage(...)) by message-list.test.ts.
 */
const head = sql<string>`('{"_id":' || ${json(messages.id)}
  || ',"messageId":' || ${json(messages.externalId)}
  || ',"temporaryId":' || ${json(messages.temporaryId)}
  || ',"chatId":' || ${json(messages.chatId)}
  || ',"type":' || case when ${messages.isDeleted} then '"deleted"' else ${json(messages.type)} end
  || ',"text":' || case when ${messages.isDeleted} then '""' else ${json(messages.text)} end
  || ',"status":' || ${json(messages.status)}
  || ',"isFromMe":' || ${json(messages.isFromMe)}
  || ',"isDeleted":' || ${json(messages.isDeleted)}
  || ',"createdAt":' || ${jsonTime(messages.createdAt)}
  || ',"updatedAt":' || ${jsonTime(messages.updatedAt)}
  || ',"agentId":' || ${json(messages.agentId)}
  || ',"agent":' || case when ${agents.name} <> '' then '{"name":' || ${json(agents.name)} || '}' else 'null' end
  || ',"errorMessage":' || ${json(messages.errorMessage)}
  || ',"quotedMessageId":' || ${json(messages.quotedMessageId)}
  || ',"quoted":' || case when ${quoted.id} is null then 'null' else
    '{"messageId":' || ${json(quoted.id)}
    || ',"isFromMe":' || ${json(quoted.isFromMe)}
    || ',"senderName":' || ${json(sql`coalesce(${quoted.senderName}, '')`)}
    || ',"type":' || case when ${quoted.isDeleted} then '"deleted"' else ${json(quoted.type)} end
    || ',"text":' || case when ${quoted.isDeleted} then '""' else ${json(quoted.text)} end end)`;

const tail = sql<string>`(case when ${quoted.id} is null then '' else '}' end
  || ',"kind":' || ${json(messages.kind)}
  || ',"mentions":' || ${json(messages.mentions)})`;

/** The columns of one message of the list: its JSON pieces and, where it has one, its media. */
const columns = {
  head,
  quotedType: quoted.type,
  quotedMedia: sql<string | null>`case when not ${quoted.isDeleted} then ${quoted.media}::text end`,
  tail,
  type: messages.type,
  media: sql<string | null>`case when not ${messages.isDeleted} then ${messages.media}::text end`,
};

interface MessageListRow {
  head: string;
  quotedType: string | null;
  quotedMedia: string | null;
  tail: string;
  type: string;
  media: string | null;
}

/** `,"<type>":<media>` as the spread of mediaField writes it into toMessage's JSON, or nothing. */
function mediaPart(type: string | null, media: string | null): string {
  if (media === null || type === null) return '';
  const field = JSON.stringify(mediaField(type, JSON.parse(media)));
  return field === '{}' ? '' : `,${field.slice(1, -1)}`;
}

/** One message of the list as JSON text, the same bytes as JSON.stringify of toMessage's object. */
export const messageListJson = (row: MessageListRow): string =>
  `${row.head}${mediaPart(row.quotedType, row.quotedMedia)}${row.tail}${mediaPart(row.type, row.media)}}`;

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
    const ordered = db
      .select(columns)
      .from(messages)
      .leftJoin(agents, eq(agents.id, messages.agentId))
      .leftJoin(quoted, and(eq(quoted.id, messages.quotedMessageId), eq(quoted.chatId, messages.chatId)))
      .where(
        and(eq(messages.chatId, sql.placeholder('chatId')), eq(messages.ownerId, sql.placeholder('ownerId'))),
      )
      .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.seq} desc nulls last`);
    prepared = (
      firstPage
        ? // drizzle writes an SQL object given as the limit into the text as it is
          ordered.limit(sql.raw(String(limit + 1)) as unknown as number)
        : ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    ).prepare(`message_list_${shape}`);
    remember(byShape, shape, prepared);
  }
  return prepared;
}

interface PreparedMessagePage {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
const preparedMessagePages = new WeakMap<Db, Map<string, PreparedMessagePage>>();

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
  const rows = (await preparedMessagePage(db, limit, offset === 0).execute({
    chatId,
    ownerId,
    limit: limit + 1,
    offset,
  })) as MessageListRow[];
  if (!rows.length) return null;
  const docs: string[] = [];
  for (let i = Math.min(rows.length, limit) - 1; i >= 0; i--) docs.push(messageListJson(rows[i]!));
  return `{"docs":[${docs.join(',')}],"hasNextPage":${rows.length > limit}}`;
}

/** The body of an empty page. */
export const EMPTY_MESSAGE_PAGE = '{"docs":[],"hasNextPage":false}';
