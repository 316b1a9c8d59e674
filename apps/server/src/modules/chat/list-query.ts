import { arrayOverlaps, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { chatListQuery } from '@sapa/contracts';
import type { z } from 'zod';
import { chats } from '../../db/schema';
import type { Actor } from '../auth/actor';

/** GET /chat's query, parsed: status tab, id filters, page, size and search. */
export type ChatListQuery = z.output<typeof chatListQuery>;

/** Chats of the tenant matching the filters of spec §3 'Chat filter', except the search. */
export function filterConditions(actor: Actor, query: ChatListQuery): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, actor.ownerId)];
  if (query.status === 'unread') where.push(gt(chats.unreadCount, 0));
  if (query.status === 'unreplied') {
    where.push(eq(chats.lastMessageIsFromMe, false), sql`${chats.lastMessageAt} is not null`);
  }
  if (query.accountIds.length) where.push(inArray(chats.accountId, query.accountIds));
  if (query.labelIds.length) where.push(arrayOverlaps(chats.labelIds, query.labelIds));
  if (query.agentIds.length) where.push(inArray(chats.agentId, query.agentIds));
  if (query.state !== 'all') where.push(eq(chats.conversationState, query.state));
  if (query.assignee === 'me') where.push(eq(chats.agentId, mine(actor)));
  if (query.assignee === 'none') where.push(isNull(chats.agentId));
  return where;
}

/**
 * 'Milik Saya': the signed-in agent's chats. The owner is no assignee (the spec assigns chats to
 * agents), so theirs is an id no chat has.
 */
export const mine = (actor: Actor): string => actor.agentId ?? '';

/** filterConditions with placeholders (ownerId, accountIds, labelIds, agentIds, me) for the values. */
export function placeholderFilters(query: ChatListQuery): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, sql.placeholder('ownerId'))];
  if (query.status === 'unread') where.push(gt(chats.unreadCount, 0));
  if (query.status === 'unreplied') {
    where.push(eq(chats.lastMessageIsFromMe, false), sql`${chats.lastMessageAt} is not null`);
  }
  if (query.accountIds.length)
    where.push(sql`${chats.accountId} = any(${sql.placeholder('accountIds')}::text[])`);
  if (query.labelIds.length) where.push(sql`${chats.labelIds} && ${sql.placeholder('labelIds')}::text[]`);
  if (query.agentIds.length) where.push(sql`${chats.agentId} = any(${sql.placeholder('agentIds')}::text[])`);
  // the state is part of the shape: written into the statement, so each view has its own plan
  if (query.state !== 'all') where.push(sql`${chats.conversationState} = ${sql.raw(`'${query.state}'`)}`);
  if (query.assignee === 'me') where.push(sql`${chats.agentId} = ${sql.placeholder('me')}`);
  if (query.assignee === 'none') where.push(isNull(chats.agentId));
  return where;
}

/**
 * The list's order: newest last message first, chats without one last, then by id. `nulls last` on
 * the id too (never null, so the same order): the indexes are `id DESC NULLS LAST`, and a plain
 * `desc` (nulls first) let PostgreSQL use them only for the time, sorting each time's chats again.
 */
export const listOrder = () => [
  sql`${chats.lastMessageAt} desc nulls last`,
  sql`${chats.id} desc nulls last`,
];

/** The filter shape of a query: which status, and which id filters are set. */
export const filterShape = (query: ChatListQuery) =>
  `${query.status}_${+!!query.accountIds.length}${+!!query.labelIds.length}${+!!query.agentIds.length}_${query.state}_${query.assignee}`;

/**
 * The statements built per shape, per database: at most this many, the least recently used dropped
 * (a search's shape counts its words and its page size, so shapes are many). What the database
 * keeps prepared for them is bounded on its side (db/client.ts, db/pglite-prepared.ts).
 */
export const MAX_SHAPES = 200;

/** A shape's statement, now the most recently used. */
export function recent<V>(byShape: Map<string, V>, shape: string): V | undefined {
  const value = byShape.get(shape);
  if (value !== undefined) {
    byShape.delete(shape);
    byShape.set(shape, value);
  }
  return value;
}

export function remember<V>(byShape: Map<string, V>, shape: string, value: V): void {
  byShape.set(shape, value);
  for (const oldest of byShape.keys()) {
    if (byShape.size <= MAX_SHAPES) break;
    byShape.delete(oldest);
  }
}
