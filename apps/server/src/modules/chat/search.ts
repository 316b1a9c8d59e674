import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { t } from '@sapa/contracts';
import { GENERIC_PLAN_MARK, type Db, type Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AppContext } from '../../context';
import { chatSearch, chats, messages } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import type { Actor } from '../auth/actor';
import { selectChatJson } from './serialize';
import { filterConditions, listOrder, type ChatListQuery } from './list-query';
import { indexable } from './search-index';

/** A chat found by a search, as the list writes it (serialize.ts' chatJson). */
export interface FoundChat {
  json: string;
  /** the chat's hit as newestHit writes it (null: none), when the engine read hits with the page */
  hit?: string | null;
}

/**
 * The inbox search (spec §3 'Chat filter', the search box). An engine names the first `wanted`
 * chats, in list order (newest last message first, chats without one last, then by id), of the
 * actor's tenant that pass the query's filters and whose contact name or phone, or the text of a
 * message not deleted, contains `search` case-insensitively (a number as people type it, '+62
 * 813-0000' or '0813 0000', also matches the phone's digits).
 *
 * `sqlSearch` is the reference: it always answers (or refuses a search too broad to finish within
 * SEARCH_TIMEOUT_MS with 'chat.searchTooBroad'). Another engine may answer null when it cannot answer
 * this search now (not built yet, a search it does not take); the reference answers then. Every
 * engine must give exactly the reference's chats, in its order: search.test.ts holds each to that.
 */
export interface ChatSearch {
  /** how logs and benchmarks name the engine */
  readonly name: string;
  find(
    ctx: AppContext,
    actor: Actor,
    query: ChatListQuery,
    search: string,
    wanted: number,
  ): Promise<FoundChat[] | null>;
}

export interface SearchPatterns {
  /** what was typed, as an ILIKE pattern */
  text: string;
  /** the digits of a number as people type it ('+62 813-0000', '0813 0000'), when they differ */
  phone: string | null;
  /**
   * The words with digits (an order or invoice number, an amount) as patterns, when the search has
   * other words too: these drive the message index alone. 'pesanan 4242' made the trigram index
   * intersect the posting lists of 'pesanan', found in every message of a shop (35 ms alone);
   * '4242' finds a few hundred candidates that the whole phrase then filters (3 ms).
   */
  keys: string[] | null;
  /** the whitespace-separated words of the search, for the chats' search words */
  words: string[];
  /** the digits of `phone` without the wildcards */
  digits: string | null;
}

export function searchPatterns(search: string): SearchPatterns {
  const text = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, '').replace(/^0+/, '');
  const phone = digits.length >= 3 && digits !== search ? `%${digits}%` : null;
  const numbers = search.split(/\s+/).filter((word) => word.length >= 3 && /\d/.test(word));
  const keys =
    numbers.length && numbers.join(' ') !== search ? numbers.map((w) => `%${escapeLike(w)}%`) : null;
  return { text, phone, keys, words: search.split(/\s+/), digits: phone ? digits : null };
}

const contactText = () => sql`(${chats.contactName} || ' ' || ${chats.contactPhone})`;

/**
 * The search through the indexes, as the ids of the `n` newest matching chats. Each source is its own
 * ordered, limited query: the planner knows from the trigram index's statistics how common a name
 * is, and walks the list index for a common one ('Kartika': a few hundred rows until n are found)
 * or reads the trigram index for a rare one. The message matches are looked up as chats, ordered
 * the same way. Only the winners' full rows are then read.
 */
function indexedMatch(actor: Actor, p: SearchPatterns, filters: SQL[], n: number): SQL {
  const newest = sql`order by ${chats.lastMessageAt} desc nulls last, ${chats.id} desc nulls last limit ${n}`;
  const where = and(...filters);
  const byContact = (pattern: string) =>
    sql`(select ${chats.id} as id, ${chats.lastMessageAt} as at from ${chats} where ${where}
      and ${contactText()} ilike ${pattern} ${newest})`;
  const byPhone = p.phone ? sql`union ${byContact(p.phone)}` : sql``;
  // `text || ''` keeps the whole phrase out of the index condition when keys drive the index
  const byText = p.keys
    ? sql.join(
        [
          ...p.keys.map((key) => sql`${messages.text} ilike ${key}`),
          sql`(${messages.text} || '') ilike ${p.text}`,
        ],
        sql` and `,
      )
    : sql`${messages.text} ilike ${p.text}`;
  const byMessage = sql`(select ${chats.id} as id, ${chats.lastMessageAt} as at from ${chats} where ${where}
    and ${chats.id} in (select ${messages.chatId} from ${messages}
      where ${messages.ownerId} = ${actor.ownerId} and not ${messages.isDeleted} and ${byText})
    ${newest})`;
  return sql`${chats.id} = any(array(select id from (${byContact(p.text)} ${byPhone} union ${byMessage}) as found
    order by at desc nulls last, id desc limit ${n}))`;
}

/**
 * The same match tested chat by chat: cheap when the chat is already in hand. The messages are
 * tested through the chat's search words (chat_search, kept by triggers): one short row instead of
 * every message of the chat. For a one-word search the words decide exactly (a search without
 * whitespace is in a message exactly when it is in one of its words); for a phrase they rule chats
 * out and the messages of the rest decide. A chat whose words are stale or not kept is read through
 * its messages.
 */
export function rowMatch(ownerId: Bound, p: MatchValues): SQL {
  const byPhone = p.phone !== null ? sql`or ${contactText()} ilike ${p.phone}` : sql``;
  const inMessages = sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id}
      and ${messages.ownerId} = ${ownerId} and not ${messages.isDeleted} and ${messages.text} ilike ${p.text})`;
  const wordTests = p.words.map((word) => sql`${chatSearch.words} like lower(${word})`);
  const wordsSay = sql`(select case when ${chatSearch.complete} and not ${chatSearch.stale}
      then ${and(...wordTests)} end from ${chatSearch} where ${chatSearch.chatId} = ${chats.id})`;
  const byMessages =
    p.words.length === 1
      ? sql`coalesce(${wordsSay}, ${inMessages})`
      : sql`case when coalesce(${wordsSay}, true) then ${inMessages} else false end`;
  return sql`(${contactText()} ilike ${p.text} ${byPhone} or ${byMessages})`;
}

/** A value of a statement: given, or a placeholder of a prepared statement. */
export type Bound = string | Placeholder;

/** What rowMatch tests: the search's patterns, or placeholders for them. */
export interface MatchValues {
  text: Bound;
  phone: Bound | null;
  /** a LIKE pattern a word of the search */
  words: Bound[];
}

export const matchValues = (p: SearchPatterns): MatchValues => ({
  text: p.text,
  phone: p.phone,
  words: p.words.map((word) => `%${escapeLike(word)}%`),
});

/**
 * How many of the newest chats the first pass of a search looks through. Its matches, in list order,
 * are the true first matches of the whole inbox whenever it finds a full page (everything outside the
 * window is older), so a common word answers from here; otherwise the indexed search runs.
 */
export const SEARCH_WINDOW = 60;

/**
 * A search may run this long; a word found in a large share of a big inbox would otherwise tie up the
 * database. PostgreSQL enforces it per statement (statement_timeout); PGlite ignores that setting
 * (no timer signal in WebAssembly), so there the searches it would bound run in steps (walkSearch).
 */
export const SEARCH_TIMEOUT_MS = 3000;

/**
 * How many chats one statement of the embedded database's stepwise search (walkSearch) tests: a few
 * milliseconds of work, after which the database serves whatever else is waiting.
 */
export const WALK_CHATS = 1000;
const WALK_FIRST_CHATS = 60;

/** Where walkSearch stopped: the last chat tested, by its exact list time (PostgreSQL's text) and id. */
interface WalkCursor {
  at: string | null;
  id: string;
}

/**
 * The chats after `cursor` in list order (newest last message first, then those without one): each
 * part is a range of chats_owner_last_idx, so a step reads only its own chats.
 */
function walkRange(cursor: WalkCursor | null, withMessages: boolean): SQL {
  if (!withMessages)
    return cursor
      ? sql`${chats.lastMessageAt} is null and ${chats.id} < ${cursor.id}`
      : sql`${chats.lastMessageAt} is null`;
  return cursor
    ? sql`${chats.lastMessageAt} is not null
        and (${chats.lastMessageAt}, ${chats.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
    : sql`${chats.lastMessageAt} is not null`;
}

/**
 * The search the embedded database's trigram index cannot serve (a word of non-ASCII letters, an
 * emoji, words of one or two characters), in steps. PGlite has one connection, and
 * statement_timeout does nothing there (WebAssembly has no timer signal): one statement reading
 * every message of a big inbox held every tenant's statements for 1.5 s. Here each statement tests
 * the next WALK_CHATS chats in list order with rowMatch (mostly one short chat_search row a chat),
 * outside any transaction, so other statements run between the steps; the walk stops once it has the
 * page, at the end of the inbox, or after SEARCH_TIMEOUT_MS (then the user is asked for a narrower
 * search). A chat that moves up the list during the walk may be missed, as in any page of a list
 * that is changing.
 */
async function walkSearch(
  ctx: AppContext,
  actor: Actor,
  query: ChatListQuery,
  patterns: SearchPatterns,
  wanted: number,
) {
  const deadline = performance.now() + SEARCH_TIMEOUT_MS;
  const filters = filterConditions(actor, query);
  const match = rowMatch(actor.ownerId, matchValues(patterns));
  const found: string[] = [];
  let cursor: WalkCursor | null = null;
  let withMessages = true;
  // the first steps are small: a common word is found among the newest chats
  for (let size = WALK_FIRST_CHATS; ; size = Math.min(WALK_CHATS, size * 4)) {
    const step = (await ctx.db.execute(sql`select ${chats.id} as id, ${chats.lastMessageAt}::text as at,
        ${match} as hit
      from ${chats} where ${and(...filters, walkRange(cursor, withMessages))}
      order by ${chats.lastMessageAt} desc nulls last, ${chats.id} desc nulls last limit ${size}`)) as unknown as {
      rows: { id: string; at: string | null; hit: boolean }[];
    };
    for (const row of step.rows) if (row.hit && found.length < wanted) found.push(row.id);
    if (found.length >= wanted) break;
    const last = step.rows.at(-1);
    if (last && step.rows.length === size) cursor = { at: last.at, id: last.id };
    else if (withMessages) {
      withMessages = false;
      cursor = null;
    } else break;
    if (performance.now() > deadline) throw new AppError('VALIDATION', t('chat.searchTooBroad'));
  }
  if (!found.length) return [];
  return selectChatJson(ctx.db)
    .where(and(eq(chats.ownerId, actor.ownerId), inArray(chats.id, found)))
    .orderBy(...listOrder());
}

/**
 * The reference search, through SQL: a first pass over the newest SEARCH_WINDOW chats (a common word
 * fills a page from there), then the indexed search (trigram indexes on names, phones and message
 * texts, migrations 0004 and 0008); on the embedded database a search its trigram index cannot serve
 * walks the list in steps (walkSearch).
 */
export const sqlSearch: ChatSearch = {
  name: 'sql',
  async find(ctx, actor, query, search, wanted) {
    const patterns = searchPatterns(search);
    if (ctx.database.kind === 'pglite' && !indexable(search))
      return walkSearch(ctx, actor, query, patterns, wanted);
    const filters = filterConditions(actor, query);
    const page = (db: Db | Tx, where: SQL[]) =>
      selectChatJson(db)
        .where(and(...where))
        .orderBy(...listOrder())
        .limit(wanted);
    try {
      return await ctx.db.transaction(async (tx) => {
        if (wanted <= SEARCH_WINDOW) {
          // The first pass is one generic plan for every search of its shape (see GENERIC_PLAN_MARK).
          // Without JIT: the generic plan's pessimistic cost estimate made PostgreSQL spend ~150 ms
          // compiling a 0.3 ms query.
          await tx.execute(
            sql`select set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true),
            set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)`,
          );
          const newest = tx
            .select({ id: chats.id })
            .from(chats)
            .where(and(...filters))
            .orderBy(...listOrder())
            .limit(SEARCH_WINDOW);
          const windowRows = await page(tx, [
            sql.raw(`${GENERIC_PLAN_MARK} true`),
            inArray(chats.id, newest),
            rowMatch(actor.ownerId, matchValues(patterns)),
          ]);
          if (windowRows.length === wanted) return windowRows;
          // the indexed search is planned for its patterns: a rare word and a common one differ
          await tx.execute(sql`select set_config('plan_cache_mode', 'auto', true)`);
        } else {
          await tx.execute(sql`select set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true)`);
        }
        return page(tx, [...filters, indexedMatch(actor, patterns, filters, wanted)]);
      });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === '57014' || e.cause?.code === '57014')
        throw new AppError('VALIDATION', t('chat.searchTooBroad'));
      throw error;
    }
  },
};
