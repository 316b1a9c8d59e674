import { and, desc, eq, ne } from 'drizzle-orm';
import { canReply, t, type Chat, type Message, type Paged } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, agents, chats, messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from './actor';
import { publishChatEvent } from './publish';
import { loadChat, toMessage } from './serialize';
import { SEND_JOB } from './send-job';

/** The chat of this tenant, or NOT_FOUND (never another tenant's). */
export async function requireChat(ctx: AppContext, actor: Actor, chatId: string): Promise<Chat> {
  const chat = await loadChat(ctx.db, actor.ownerId, chatId);
  if (!chat) throw new AppError('NOT_FOUND', t('chat.notFound'));
  return chat;
}

/** GET /chat/{id}/message: page 1 is the newest 20, each page returned oldest first. */
export async function listMessages(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  page: number,
  limit: number,
): Promise<Paged<Message>> {
  await requireChat(ctx, actor, chatId);
  const rows = await ctx.db
    .select({ message: messages, agentName: agents.name })
    .from(messages)
    .leftJoin(agents, eq(agents.id, messages.agentId))
    .where(and(eq(messages.chatId, chatId), eq(messages.ownerId, actor.ownerId)))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const docs = rows
    .slice(0, limit)
    .map((r) => toMessage(r.message, r.agentName))
    .reverse();
  return { docs, hasNextPage: rows.length > limit };
}

/**
 * Stores an outbound text as pending and enqueues its send in the same transaction (spec §4, ARCHITECTURE
 * §3). Idempotent on (chat, temporaryId): a retried request returns the stored message and sends nothing new.
 */
export async function sendText(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  input: { temporaryId: string; text: string },
): Promise<Message> {
  const chat = await requireChat(ctx, actor, chatId);
  if (!canReply(actor, chat)) throw new AppError('FORBIDDEN');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        ownerId: actor.ownerId,
        chatId,
        accountId: chat.accountId,
        temporaryId: input.temporaryId,
        type: 'text',
        text: input.text,
        isFromMe: true,
        status: 'pending',
        agentId: actor.agentId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return { message: null, created: false };
    await tx
      .update(chats)
      .set({
        lastMessageAt: now,
        lastMessageText: input.text,
        lastMessageType: 'text',
        lastMessageIsFromMe: true,
        lastMessageStatus: 'pending',
        lastMessageId: inserted.id,
        updatedAt: now,
      })
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
    await ctx.jobs.enqueue(tx, SEND_JOB, { messageId: inserted.id }, { dedupeKey: `send:${inserted.id}` });
    return { message: inserted, created: true };
  });
  if (!result.created) {
    const [existing] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.temporaryId, input.temporaryId)))
      .limit(1);
    if (!existing) throw new AppError('INTERNAL');
    return toMessage(existing);
  }
  const message = toMessage(result.message!, await agentName(ctx, actor.agentId));
  ctx.jobs.wake();
  await publishChatEvent(ctx, actor.ownerId, chatId, 'message.created', message);
  return message;
}

async function agentName(ctx: AppContext, agentId: string | null): Promise<string | null> {
  if (!agentId) return null;
  const [row] = await ctx.db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row?.name ?? null;
}

/** POST /chat/{id}/message/read: unread to 0, inbound messages read, read receipts to the channel. */
export async function markChatRead(ctx: AppContext, actor: Actor, chatId: string): Promise<void> {
  await requireChat(ctx, actor, chatId);
  const now = ctx.clock.now();
  const unread = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ status: 'read', updatedAt: now })
      .where(and(eq(messages.chatId, chatId), eq(messages.isFromMe, false), ne(messages.status, 'read')))
      .returning({ externalId: messages.externalId });
    await tx
      .update(chats)
      .set({ unreadCount: 0 })
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
    return rows.map((r) => r.externalId).filter((id): id is string => !!id);
  });
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  if (!unread.length) return;
  const [row] = await ctx.db
    .select({ account: accounts, chat: chats })
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId))
    .where(eq(chats.id, chatId))
    .limit(1);
  const connector = row && ctx.connectors.get(row.account.provider);
  if (row && connector) {
    connector
      .markRead(row.account, row.chat, unread)
      .catch((err: unknown) => ctx.log.warn({ err }, 'read receipt failed'));
  }
}
