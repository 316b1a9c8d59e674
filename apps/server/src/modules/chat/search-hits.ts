import { sql, type SQL } from 'drizzle-orm';
import type { SearchHit } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { escapeLike, textArray } from '../../db/sql';
import { GENERIC_PLAN_MARK } from '../../db/client';
import type { Actor } from '../auth/actor';
import { chatPageBody, type ChatPage } from './serialize';

/** A search has at most this many words worth testing (the box holds 200 characters). */
const MAX_WORDS = 8;
/** A hit's text longer than this is cut to a window around its first match. */
export const HIT_TEXT_MAX = 160;
const HIT_LEAD = 48;

/** The distinct whitespace-separated words of a search, lower case. */
export function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
}

/**
 * The text of a hit: the whole message when short, else a window that starts a little before the
 * first word found, marked with '…' where it was cut, so the row can show the words themselves.
 */
export function hitText(text: string, words: readonly string[]): string {
  if (text.length <= HIT_TEXT_MAX) return text;
  const lower = text.toLowerCase();
  const found = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const first = found.length ? Math.min(...found) : 0;
  let start = Math.max(0, first - HIT_LEAD);
  // start at a word rather than inside one
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  const end = Math.min(text.length, start + HIT_TEXT_MAX);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The chat ids of a page's chats, read from the front of each chat's JSON text (`{"_id":"…"`). */
export function chatIdsOf(docs: readonly string[]): string[] {
  const ids: string[] = [];
  for (const doc of docs) {
    const match = /^\{"_id":("(?:[^"\\]|\\.)*")/.exec(doc);
    if (match?.[1]) ids.push(JSON.parse(match[1]) as string);
  }
  return ids;
}

/** The ILIKE pattern of one word of a hit. */
export const hitPattern = (word: string): string => `%${escapeLike(word)}%`;

/**
 * A select-list subquery of a statement over `chats`: the chat's newest message not deleted whose
 * text holds every pattern, as `chat id U+0001 message id U+0001 text` (ids hold no U+0001), or null.
 * Newest first in messages_chat_created_idx's own order (DESC NULLS LAST), so the chat's messages
 * are read from the index until the first match. index-search.ts puts it in its page's statement.
 */
export function newestHit(ownerId: unknown, patterns: readonly unknown[]): SQL<string | null> {
  const tests = sql.join(
    patterns.map((pattern) => sql`${messages.text} ilike ${pattern}`),
    sql` and `,
  );
  return sql<string | null>`(select ${chats.id} || chr(1) || ${messages.id} || chr(1) || ${messages.text}
    from ${messages}
    where ${messages.chatId} = ${chats.id} and ${messages.ownerId} = ${ownerId}
      and not ${messages.isDeleted} and ${tests}
    order by ${messages.createdAt} desc nulls last, ${messages.seq} desc nulls last limit 1)`;
}

/** A hit as newestHit writes it, its text cut around the words. */
export function parseHit(hit: string, words: readonly string[]): SearchHit {
  const first = hit.indexOf('\u0001');
  const second = hit.indexOf('\u0001', first + 1);
  return {
    chatId: hit.slice(0, first),
    messageId: hit.slice(first + 1, second),
    text: hitText(hit.slice(second + 1), words),
  };
}

/**
 * For each of the given chats of the actor's tenant, its newest message not deleted whose text
 * holds every word of the search (case-insensitive): one statement, each chat read newest first
 * through messages_chat_created_idx until its first match. Notes match too: they are the team's.
 * Chats whose match was by name or number alone have no hit.
 */
export async function searchHits(
  ctx: AppContext,
  actor: Actor,
  chatIds: readonly string[],
  search: string,
): Promise<SearchHit[]> {
  const words = searchWords(search);
  if (!chatIds.length || !words.length) return [];
  const tests = sql.join(
    words.map((w) => sql`${messages.text} ilike ${hitPattern(w)}`),
    sql` and `,
  );
  // One statement per number of words, prepared with its generic plan on the search pool (planning
  // it cost ~3 ms a search, four times running it); newest first in messages_chat_created_idx's own
  // order (DESC NULLS LAST), so each chat's messages are read from the index until the first match.
  const result = (await ctx.database.searchDb.execute(sql`select ${sql.raw(GENERIC_PLAN_MARK)}
      listed.id as "chatId", hit.id as "messageId", hit.text
    from unnest(${textArray(chatIds)}) as listed(id)
    cross join lateral (
      select ${messages.id} as id, ${messages.text} as text from ${messages}
      where ${messages.chatId} = listed.id and ${messages.ownerId} = ${actor.ownerId}
        and not ${messages.isDeleted} and ${tests}
      order by ${messages.createdAt} desc nulls last, ${messages.seq} desc nulls last limit 1
    ) as hit`)) as unknown as { rows: SearchHit[] };
  return result.rows.map((row) => ({
    chatId: row.chatId,
    messageId: row.messageId,
    text: hitText(row.text, words),
  }));
}

/** GET /chat's body with a search: chatPageBody's text with the page's hits beside docs. */
export function searchPageBody(page: ChatPage, hits: readonly SearchHit[]): string {
  const body = chatPageBody(page);
  return `${body.slice(0, -1)},"hits":${JSON.stringify(hits)}}`;
}
