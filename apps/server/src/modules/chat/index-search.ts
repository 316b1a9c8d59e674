import { and, sql, type SQL } from 'drizzle-orm';
import { GENERIC_PLAN_MARK, type Db } from '../../db/client';
import { chats } from '../../db/schema';
import { selectChatJson } from './serialize';
import {
  filterShape,
  listOrder,
  mine,
  placeholderFilters,
  recent,
  remember,
  type ChatListQuery,
} from './list-query';
import { matchValues, rowMatch, searchPatterns, type ChatSearch, type MatchValues } from './search';
import { changedSince, indexable, listTime, searchIndexesOf } from './search-index';
import { hitPattern, newestHit, searchWords } from './search-hits';

/**
 * The statement that tests the index's candidates (and the chats written since its last read),
 * prepared per shape: filters, number of words, phone digits, and the row limit when it is small
 * (a constant limit keeps the generic plan cheap, see preparedPage). Building it through Drizzle on
 * every search cost more than running it.
 */
function preparedIndexPage(
  db: Db,
  query: ChatListQuery,
  words: number,
  phone: boolean,
  limit: number,
  hitWords: number,
) {
  const literal = limit <= 101;
  const shape = `${filterShape(query)}_${words}_${+phone}_${literal ? limit : 'n'}_${hitWords}`;
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
    // a first page's hits (search-hits.ts) in the same statement: one round trip less a search. A
    // select-list subquery, so PostgreSQL runs it after the sort and limit, for the rows returned only.
    const hit = hitWords
      ? newestHit(
          ownerId,
          Array.from({ length: hitWords }, (_, i) => sql.placeholder(`h${i}`)),
        )
      : sql<string | null>`null::text`;
    const ordered = selectChatJson(db, { at: listTime, hit })
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

type PreparedIndexPage = ReturnType<
  ReturnType<typeof selectChatJson<{ at: typeof listTime; hit: SQL<string | null> }>>['prepare']
>;
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
export const indexSearch: ChatSearch = {
  name: 'index',
  async find(ctx, actor, query, search, wanted) {
    const patterns = searchPatterns(search);
    if (!ctx.config.searchIndex.enabled || !indexable(search)) return null;
    const indexes = searchIndexesOf(ctx.database.searchDb, ctx.config.searchIndex.maxBytes, ctx.log);
    const index = await indexes.get(actor.ownerId);
    if (!index) {
      ctx.log.debug({ ownerId: actor.ownerId }, 'chat search through SQL: the index is not ready');
      return null;
    }
    let sent = 0;
    // a first page carries its hits; a later one asks for them on its own (they would be read for
    // every row before it)
    const words = wanted <= query.limit + 1 ? searchWords(search) : [];
    for (let want = wanted; want <= MAX_INDEX_CANDIDATES; want *= 4) {
      const watermark = index.watermark;
      const found = index.candidates(search, patterns.digits, { ...query, me: mine(actor) }, want);
      const match = matchValues(patterns);
      const rows = (await preparedIndexPage(
        ctx.database.searchDb,
        query,
        match.words.length,
        match.phone !== null,
        wanted,
        words.length,
      ).execute({
        ownerId: actor.ownerId,
        accountIds: query.accountIds,
        labelIds: query.labelIds,
        agentIds: query.agentIds,
        me: mine(actor),
        ids: found.ids,
        watermark,
        text: match.text,
        phone: match.phone,
        ...Object.fromEntries(match.words.map((word, i) => [`w${i}`, word])),
        ...Object.fromEntries(words.map((word, i) => [`h${i}`, hitPattern(word)])),
        limit: wanted,
      })) as { json: string; at: number | null; hit: string | null }[];
      sent += found.ids.length;
      // (rows without hits carry none, so the route reads them on its own)
      if (!words.length) for (const row of rows) delete (row as Partial<typeof row>).hit;
      if (found.exhausted) return rows;
      // Complete when the last row comes no later than the last candidate sent: every candidate not
      // sent is older (ties were sent), or was written since and so was tested anyway.
      const last = rows[wanted - 1];
      if (last && (last.at ?? -Infinity) >= found.lastAt) return rows;
    }
    ctx.log.debug(
      { ownerId: actor.ownerId, sent, state: query.state },
      'chat search through SQL: the index candidates did not settle the page',
    );
    return null;
  },
};
