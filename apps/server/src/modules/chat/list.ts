import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatCount, chatCountQuery } from '@sapa/contracts';
import type { Db } from '../../db/client';
import type { AppContext } from '../../context';
import { chats } from '../../db/schema';
import type { Actor } from '../auth/actor';
import { selectChatJson, type ChatPage } from './serialize';
import {
  filterShape,
  listOrder,
  mine,
  placeholderFilters,
  recent,
  remember,
  type ChatListQuery,
} from './list-query';
import { sqlSearch, type ChatSearch, type FoundChat } from './search';
import { indexSearch } from './index-search';
import { parseHit, searchWords } from './search-hits';

export { SEARCH_TIMEOUT_MS, SEARCH_WINDOW, WALK_CHATS } from './search';

/**
 * The list without a search is the inbox's most frequent read (every open, every reconnect, every
 * agent). Building it through Drizzle cost more CPU than PostgreSQL spent answering it, so each
 * filter shape (status tab x which id filters are set: 24 at most) is built once per database as a
 * named prepared statement, with the owner, the ids, limit and offset as parameters.
 */
function preparedPage(db: Db, query: ChatListQuery, firstPage: boolean) {
  // A first page has its limit written into the statement (one statement per page size asked for,
  // at most 100): PostgreSQL estimates a `limit $n` (or `offset $n`) as a tenth of the table, so the
  // generic plan of the parameterised statement always looked dearer than a custom one, and every
  // call paid ~0.3 ms of planning (~1-3 ms on a busy machine). With a constant limit the cached
  // generic plan wins after five calls. Issue 21: only the default size had it, and a first page of
  // 40 answered 34% of the requests a page of 20 did at 50 clients. Later pages keep their
  // parameters (one statement, planned per call).
  const literal = firstPage;
  const shape = `${filterShape(query)}${literal ? `_first${query.limit}` : ''}`;
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
          ordered.limit(sql.raw(String(query.limit + 1)) as unknown as number)
        : ordered.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
    ).prepare(`chat_list_${shape}`);
    remember(byShape, shape, prepared);
  }
  return prepared;
}

type PreparedPage = ReturnType<ReturnType<typeof selectChatJson>['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/**
 * The engines a search tries, in order: the in-memory index when it is on (SAPA_SEARCH_INDEX), then
 * the reference SQL search, which always answers.
 */
export function searchEngines(ctx: AppContext): ChatSearch[] {
  return ctx.config.searchIndex.enabled ? [indexSearch, sqlSearch] : [sqlSearch];
}

/** GET /chat: newest last message first, 20 a page, `{docs, hasNextPage}` (chatPageBody writes it). */
export async function listChats(ctx: AppContext, actor: Actor, query: ChatListQuery): Promise<ChatPage> {
  const offset = (query.page - 1) * query.limit;
  const wanted = query.limit + 1;
  const search = query.search?.trim();
  let rows: FoundChat[];
  if (!search) {
    rows = (await preparedPage(ctx.db, query, offset === 0).execute({
      ownerId: actor.ownerId,
      accountIds: query.accountIds,
      labelIds: query.labelIds,
      agentIds: query.agentIds,
      me: mine(actor),
      limit: wanted,
      offset,
    })) as FoundChat[];
  } else {
    let found: FoundChat[] | null = null;
    for (const engine of searchEngines(ctx)) {
      found = await engine.find(ctx, actor, query, search, offset + wanted);
      if (found) break;
    }
    rows = (found ?? []).slice(offset);
    const shown = rows.slice(0, query.limit);
    if (shown.length && shown.every((row) => row.hit !== undefined)) {
      const words = searchWords(search);
      return {
        docs: shown.map((row) => row.json),
        hasNextPage: rows.length > query.limit,
        hits: shown.flatMap((row) => (row.hit ? [parseHit(row.hit, words)] : [])),
      };
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
export async function countChats(
  ctx: AppContext,
  actor: Actor,
  view: z.output<typeof chatCountQuery> = { state: 'open', assignee: '' },
): Promise<ChatCount> {
  // the chats in view (issue 21): a conversation state and whose chats
  const inView = and(
    eq(chats.ownerId, actor.ownerId),
    view.state === 'all' ? undefined : eq(chats.conversationState, view.state),
    view.assignee === 'me' ? eq(chats.agentId, mine(actor)) : undefined,
    view.assignee === 'none' ? isNull(chats.agentId) : undefined,
  );
  const capped = (condition: SQL) =>
    sql<number>`(select count(*)::int from (select 1 from ${chats} where ${inView} and ${condition} limit ${COUNT_CAP}) as capped)`;
  const result = (await ctx.db.execute(
    sql`select ${capped(sql`${chats.unreadCount} > 0`)} as unread, ${capped(
      sql`${chats.lastMessageIsFromMe} = false and ${chats.lastMessageAt} is not null`,
    )} as unreplied`,
  )) as unknown as { rows: { unread: number; unreplied: number }[] };
  const row = result.rows[0];
  return { unread: Number(row?.unread ?? 0), unreplied: Number(row?.unreplied ?? 0) };
}
