import { and, arrayOverlaps, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { chatListQuery, type ChatCount, type Paged, type Chat } from '@sapa/contracts';
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
    const digits = search.replace(/\D/g, '');
    where.push(
      or(
        ilike(sql`${chats.contactName} || ' ' || ${chats.contactPhone}`, pattern),
        digits.length >= 3 && digits !== search ? ilike(chats.contactPhone, `%${digits}%`) : undefined,
        inArray(
          chats.id,
          sql`(select ${messages.chatId} from ${messages} where ${messages.ownerId} = ${actor.ownerId} and ${messages.text} ilike ${pattern})`,
        ),
      ) as SQL,
    );
  }
  return where;
}

/** GET /chat: newest last message first, 20 a page, `{docs, hasNextPage}`. */
export async function listChats(ctx: AppContext, actor: Actor, query: ChatListQuery): Promise<Paged<Chat>> {
  const rows = await selectChats(ctx.db)
    .where(and(...conditions(actor, query)))
    .orderBy(sql`${chats.lastMessageAt} desc nulls last`, desc(chats.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { docs: rows.slice(0, query.limit).map(toChat), hasNextPage: rows.length > query.limit };
}

/** GET /chat/count: chats with unread messages and chats whose last message is the customer's. */
export async function countChats(ctx: AppContext, actor: Actor): Promise<ChatCount> {
  const [row] = await ctx.db
    .select({
      unread: sql<number>`count(*) filter (where ${chats.unreadCount} > 0)::int`,
      unreplied: sql<number>`count(*) filter (where ${chats.lastMessageIsFromMe} = false and ${chats.lastMessageAt} is not null)::int`,
    })
    .from(chats)
    .where(eq(chats.ownerId, actor.ownerId));
  return { unread: row?.unread ?? 0, unreplied: row?.unreplied ?? 0 };
}
