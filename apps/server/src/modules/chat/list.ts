import { and, arrayOverlaps, desc, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { chatListQuery, LIMITS, t, type ChatCount } from '@sapa/contracts';
import { GENERIC_PLAN_MARK, type Db, type Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { chatSearch, chats, messages } from '../../db/schema';
import { escapeLike } from '../../db/sql';
import type { Actor } from '../auth/actor';
import { selectChatJson, type ChatPage } from './serialize';
import { changedSince, indexable, listTime, searchIndexesOf } from './search-index';

type ChatListQuery = z.output<typeof chatListQuery>;

/** Chats of the tenant matching the filters of spec §3 'Chat filter', except the search. */
function filterConditions(actor: Actor, query: ChatListQuery): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, actor.ownerId)];
  if (query.status === 'unread') where.push(gt(chats.unreadCount, 0));
  if (query.status === 'unreplied') {
    where.push(eq(chats.lastMessageIsFromMe, false), sql`${chats.lastMessageAt} is not null`);
  }
  if (query.accountIds.length) where.push(inArray(chats.accountId, query.accountIds));
  if (query.labelIds.length) where.push(arrayOverlaps(chats.labelIds, query.labelIds));
  if (query.agentIds.length) where.push(inArray(chats.agentId, query.agentIds));
  return where;
}

interface SearchPatterns {
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

function searchPatterns(search: string): SearchPatterns {
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
  const newest = sql`order by ${chats.lastMessageAt} desc nulls last, ${chats.id} desc limit ${n}`;
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
function rowMatch(ownerId: Bound, p: MatchValues): SQL {
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
type Bound = string | Placeholder;

/** What rowMatch tests: the search's patterns, or placeholders for them. */
interface MatchValues {
  text: Bound;
  phone: Bound | null;
  /** a LIKE pattern a word of the search */
  words: Bound[];
}

const matchValues = (p: SearchPatterns): MatchValues => ({
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

const listOrder = () => [sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id)];

/** filterConditions with placeholders (ownerId, accountIds, labelIds, agentIds) for the values. */
function placeholderFilters(query: ChatListQuery): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, sql.placeholder('ownerId'))];
  if (query.status === 'unread') where.push(gt(chats.unreadCount, 0));
  if (query.status === 'unreplied') {
    where.push(eq(chats.lastMessageIsFromMe, false), sql`${chats.lastMessageAt} is not null`);
  }
  if (query.accountIds.length)
    where.push(sql`${chats.accountId} = any(${sql.placeholder('accountIds')}::text[])`);
  if (query.labelIds.length) where.push(sql`${chats.labelIds} && ${sql.placeholder('labelIds')}::text[]`);
  if (query.agentIds.length) where.push(sql`${chats.agentId} = any(${sql.placeholder('agentIds')}::text[])`);
  return where;
}

/**
 * The statements built per shape, per database: at most this many, the least recently used dropped
 * (a search's shape counts its words and its page size, so shapes are many). What the database
 * keeps prepared for them is bounded on its side (db/client.ts, db/pglite-prepared.ts).
 */
export const MAX_SHAPES = 200;

/** A shape's statement, now the most recently used. */
function recent<V>(byShape: Map<string, V>, shape: string): V | undefined {
  const value = byShape.get(shape);
  if (value !== undefined) {
    byShape.delete(shape);
    byShape.set(shape, value);
  }
  return value;
}

function remember<V>(byShape: Map<string, V>, shape: string, value: V): void {
  byShape.set(shape, value);
  for (const oldest of byShape.keys()) {
    if (byShape.size <= MAX_SHAPES) break;
    byShape.delete(oldest);
  }
}

/** The filter shape of a query: which status, and which id filters are set. */
const filterShape = (query: ChatListQuery) =>
  `${query.status}_${+!!query.accountIds.length}${+!!query.labelIds.length}${+!!query.agentIds.length}`;

/**
 * The list without a search is the inbox's most frequent read (every open, every reconnect, every
 * agent). Building it through Drizzle cost more CPU than PostgreSQL spent answering it, so each
 * filter shape (status tab x which id filters are set: 24 at most) is built once per database as a
 * named prepared statement, with the owner, the ids, limit and offset as parameters.
 */
function preparedPage(db: Db, query: ChatListQuery, firstPage: boolean) {
  // The first page of the default size has its limit written into the statement: PostgreSQL
  // estimates a `limit $n` as a tenth of the table, so the generic plan of the parameterised
  // statement always looked dearer than a custom one, and every call paid ~0.3 ms of planning. With
  // a constant limit the cached generic plan wins after five calls. Other pages and sizes keep their
  // parameters (one statement each, planned per call).
  const literal = firstPage && query.limit === LIMITS.chatPageSize;
  const shape = `${filterShape(query)}${literal ? '_first' : ''}`;
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  let prepared = recent(byShape, shape);
  if (!prepared) {
    const ordered = selectChatJson(db)
      .where(and(...placeholderFilters(query)))
      .orderBy(...listOrder());
    prepared = (
      literal
        ? // drizzle writes an SQL object given as the limit into the text as it is
          ordered.limit(sql.raw(String(LIMITS.chatPageSize + 1)) as unknown as number)
        : ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    ).prepare(`chat_list_${shape}`);
    remember(byShape, shape, prepared);
  }
  return prepared;
}

type PreparedPage = ReturnType<ReturnType<typeof selectChatJson>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * The statement that tests the index's candidates (and the chats written since its last read),
 * prepared per shape: filters, number of words, phone digits, and the row limit when it is small
 * (a constant limit keeps the generic plan cheap, see preparedPage). Building it through Drizzle on
 * every search cost more than running it.
 */
function preparedIndexPage(db: Db, query: ChatListQuery, words: number, phone: boolean, limit: number) {
  const literal = limit <= 101;
  const shape = `${filterShape(query)}_${words}_${+phone}_${literal ? limit : 'n'}`;
  let byShape = preparedIndexPages.get(db);
  if (!byShape) preparedIndexPages.set(db, (byShape = new Map()));
  let prepared = recent(byShape, shape);
  if (!prepared) {
    const match: MatchValues = {
      text: sql.placeholder('text'),
      phone: phone ? sql.placeholder('phone') : null,
      words: Array.from({ length: words }, (_, i) => sql.placeholder(`w${i}`)),
    };
    const ownerId = sql.placeholder('ownerId');
    // marked for PGlite, whose one session runs it prepared with its generic plan then; on PostgreSQL
    // it is named anyway and runs on the search pool, always generic. A custom plan knowing the
    // phrase read the trigram index for 'pesanan 4242' (35 ms) instead of the candidates' messages.
    const ordered = selectChatJson(db, { at: listTime })
      .where(
        and(
          sql.raw(`${GENERIC_PLAN_MARK} true`),
          ...placeholderFilters(query),
          sql`${chats.id} = any(${sql.placeholder('ids')}::text[] || ${changedSince(ownerId, sql.placeholder('watermark'))})`,
          rowMatch(ownerId, match),
        ),
      )
      .orderBy(...listOrder());
    prepared = (
      literal
        ? ordered.limit(sql.raw(String(limit)) as unknown as number)
        : ordered.limit(sql.placeholder('limit'))
    ).prepare(`chat_search_${shape}`);
    remember(byShape, shape, prepared);
  }
  return prepared;
}

type PreparedIndexPage = ReturnType<ReturnType<typeof selectChatJson<{ at: typeof listTime }>>['prepare']>;
const preparedIndexPages = new WeakMap<Db, Map<string, PreparedIndexPage>>();

/** A search sends PostgreSQL at most this many of the index's candidates before it searches through SQL. */
const MAX_INDEX_CANDIDATES = 5000;

/**
 * The search through this process's index of the tenant (search-index.ts): the index names the first
 * matching chats in list order, and one statement tests them, with every chat written since the
 * index's last read, against the filters and the exact match, in list order. When some candidates
 * fail (a phrase whose words are in a chat but not together), more are sent. Null when the index
 * cannot answer (off, not built yet, a search it does not take): the SQL search answers then.
 */
async function searchThroughIndex(
  ctx: AppContext,
  actor: Actor,
  query: ChatListQuery,
  search: string,
  patterns: SearchPatterns,
  wanted: number,
) {
  if (!ctx.config.searchIndex.enabled || !indexable(search)) return null;
  const indexes = searchIndexesOf(ctx.database.searchDb, ctx.config.searchIndex.maxBytes, ctx.log);
  const index = await indexes.get(actor.ownerId);
  if (!index) return null;
  for (let want = wanted; want <= MAX_INDEX_CANDIDATES; want *= 4) {
    const watermark = index.watermark;
    const found = index.candidates(search, patterns.digits, query, want);
    const match = matchValues(patterns);
    const rows = (await preparedIndexPage(
      ctx.database.searchDb,
      query,
      match.words.length,
      match.phone !== null,
      wanted,
    ).execute({
      ownerId: actor.ownerId,
      accountIds: query.accountIds,
      labelIds: query.labelIds,
      agentIds: query.agentIds,
      ids: found.ids,
      watermark,
      text: match.text,
      phone: match.phone,
      ...Object.fromEntries(match.words.map((word, i) => [`w${i}`, word])),
      limit: wanted,
    })) as { json: string; at: number | null }[];
    if (found.exhausted) return rows;
    // Complete when the last row comes no later than the last candidate sent: every candidate not
    // sent is older (ties were sent), or was written since and so was tested anyway.
    const last = rows[wanted - 1];
    if (last && (last.at ?? -Infinity) >= found.lastAt) return rows;
  }
  return null;
}

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
      order by ${chats.lastMessageAt} desc nulls last, ${chats.id} desc limit ${size}`)) as unknown as {
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

/** GET /chat: newest last message first, 20 a page, `{docs, hasNextPage}` (chatPageBody writes it). */
export async function listChats(ctx: AppContext, actor: Actor, query: ChatListQuery): Promise<ChatPage> {
  const filters = filterConditions(actor, query);
  const offset = (query.page - 1) * query.limit;
  const wanted = query.limit + 1;
  const page = (db: Db | Tx, where: SQL[]) =>
    selectChatJson(db)
      .where(and(...where))
      .orderBy(...listOrder())
      .limit(wanted)
      .offset(offset);
  const search = query.search?.trim();
  let rows: Awaited<ReturnType<typeof page>>;
  if (!search) {
    rows = (await preparedPage(ctx.db, query, offset === 0).execute({
      ownerId: actor.ownerId,
      accountIds: query.accountIds,
      labelIds: query.labelIds,
      agentIds: query.agentIds,
      limit: wanted,
      offset,
    })) as typeof rows;
  } else {
    const patterns = searchPatterns(search);
    const found = await searchThroughIndex(ctx, actor, query, search, patterns, offset + wanted);
    if (found) rows = found.slice(offset);
    else if (ctx.database.kind === 'pglite' && !indexable(search))
      rows = (await walkSearch(ctx, actor, query, patterns, offset + wanted)).slice(offset);
    else
      try {
        rows = await ctx.db.transaction(async (tx) => {
          if (offset + wanted <= SEARCH_WINDOW) {
            // The first pass is one generic plan for every search of its shape (see GENERIC_PLAN_MARK).
            // Without JIT: the generic plan's pessimistic cost estimate made PostgreSQL spend ~150 ms
            // compiling a 0.3 ms query.
            await tx.execute(
              sql`select set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true),
              set_config('plan_cache_mode', 'force_generic_plan', true), set_config('jit', 'off', true)`,
            );
            const recent = tx
              .select({ id: chats.id })
              .from(chats)
              .where(and(...filters))
              .orderBy(...listOrder())
              .limit(SEARCH_WINDOW);
            const windowRows = await page(tx, [
              sql.raw(`${GENERIC_PLAN_MARK} true`),
              inArray(chats.id, recent),
              rowMatch(actor.ownerId, matchValues(patterns)),
            ]);
            if (windowRows.length === wanted) return windowRows;
            // the indexed search is planned for its patterns: a rare word and a common one differ
            await tx.execute(sql`select set_config('plan_cache_mode', 'auto', true)`);
          } else {
            await tx.execute(sql`select set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true)`);
          }
          return page(tx, [...filters, indexedMatch(actor, patterns, filters, offset + wanted)]);
        });
      } catch (error) {
        const e = error as { code?: string; cause?: { code?: string } };
        if (e.code === '57014' || e.cause?.code === '57014')
          throw new AppError('VALIDATION', t('chat.searchTooBroad'));
        throw error;
      }
  }
  return { docs: rows.slice(0, query.limit).map((row) => row.json), hasNextPage: rows.length > query.limit };
}

/** Counts stop here: the tabs show '99+' above 99 (spec §9), so counting further is wasted work. */
export const COUNT_CAP = 100;

/**
 * GET /chat/count: chats with unread messages and chats whose last message is the customer's, each
 * counted up to COUNT_CAP through its partial index, so the cost does not grow with the inbox.
 */
export async function countChats(ctx: AppContext, actor: Actor): Promise<ChatCount> {
  const capped = (condition: SQL) =>
    sql<number>`(select count(*)::int from (select 1 from ${chats} where ${chats.ownerId} = ${actor.ownerId} and ${condition} limit ${COUNT_CAP}) as capped)`;
  const result = (await ctx.db.execute(
    sql`select ${capped(sql`${chats.unreadCount} > 0`)} as unread, ${capped(
      sql`${chats.lastMessageIsFromMe} = false and ${chats.lastMessageAt} is not null`,
    )} as unreplied`,
  )) as unknown as { rows: { unread: number; unreplied: number }[] };
  const row = result.rows[0];
  return { unread: Number(row?.unread ?? 0), unreplied: Number(row?.unreplied ?? 0) };
}
