import { and, arrayOverlaps, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { chatListQuery, t, type ChatCount, type Paged, type Chat } from '@sapa/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import type { Actor } from './actor';
import { selectChats, toChat } from './serialize';

type ChatListQuery = z.output<typeof chatListQuery>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Chats of the tenant matching the filters of spec §3 'Chat filter'. */
function conditions(actor: Actor, query: ChatListQuery): SQL[] {
  const where: SQL[] = [eq(chats.ownerId, actor.ownerId)];
  if (query.status === 'unread') where.push(gt(chats.unreadCount, 0));
  if (query.status === 'unreplied') {
    where.push(eq(chats.lastMessageIsFromMe, false), sql`${chats.lastMessageAt} is not null`);
  }
  if (query.accountIds.length) where.push(inArray(chats.accountId, query.accountIds));
  if (query.labelIds.length) where.push(arrayOverlaps(chats.labelIds, query.labelIds));
  if (query.agentIds.length) where.push(inArray(chats.agentId, query.agentIds));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    // digits of a number as people type it: '+62 813-0000', '0813 0000' (the leading 0 stands for 62)
    const digits = search.replace(/\D/g, '').replace(/^0+/, '');
    const phonePattern = digits.length >= 3 && digits !== search ? `%${digits}%` : pattern;
    // A union of trigram-indexed lookups (contact name/number, message text) evaluated once as an array,
    // so the planner fetches the matching chats by primary key instead of scanning the tenant's chats.
    // Selective terms take a few ms on 1M messages; a word in most messages costs more (bench notes).
    const byContact = (p: string) =>
      sql`select ${chats.id} from ${chats} where ${chats.ownerId} = ${actor.ownerId}
            and (${chats.contactName} || ' ' || ${chats.contactPhone}) ilike ${p}`;
    // a second lookup by those digits only when they differ from what was typed
    const byPhone = phonePattern === pattern ? sql`` : sql`union ${byContact(phonePattern)}`;
    where.push(
      sql`${chats.id} = any(array(${byContact(pattern)} ${byPhone}
            union
            select ${messages.chatId} from ${messages} where ${messages.ownerId} = ${actor.ownerId}
              and ${messages.text} ilike ${pattern}))`,
    );
  }
  return where;
}

/** A search may run this long; a word found in a large share of a big inbox would otherwise tie up the database. */
export const SEARCH_TIMEOUT_MS = 3000;

/** GET /chat: newest last message first, 20 a page, `{docs, hasNextPage}`. */
export async function listChats(ctx: AppContext, actor: Actor, query: ChatListQuery): Promise<Paged<Chat>> {
  const run = (db: Db | Tx) =>
    selectChats(db)
      .where(and(...conditions(actor, query)))
      .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit);
  let rows: Awaited<ReturnType<typeof run>>;
  if (query.search?.trim()) {
    try {
      rows = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${SEARCH_TIMEOUT_MS}`));
        return run(tx);
      });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === '57014' || e.cause?.code === '57014')
        throw new AppError('VALIDATION', t('chat.searchTooBroad'));
      throw error;
    }
  } else {
    rows = await run(ctx.db);
  }
  return { docs: rows.slice(0, query.limit).map(toChat), hasNextPage: rows.length > query.limit };
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
