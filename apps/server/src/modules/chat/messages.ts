import { and, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ATTACHMENT_MESSAGES,
  canQuote,
  canReply,
  channelRefusal,
  instagramWindowClosed,
  t,
  WHATSAPP_MESSAGES,
  type Chat,
  type Message,
  type Paged,
  type SendMessageInput,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, agents, chats, messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { publishChatEvent } from './publish';
import { resolveContent } from './content';
import { loadChat, messageView, toMessage } from './serialize';
import { SEND_JOB } from './send-job';

/** The chat of this tenant, or NOT_FOUND (never another tenant's). */
export async function requireChat(ctx: AppContext, actor: Actor, chatId: string): Promise<Chat> {
  const chat = await loadChat(ctx.db, actor.ownerId, chatId);
  if (!chat) throw new AppError('NOT_FOUND', t('chat.notFound'));
  return chat;
}

const quotedMessages = alias(messages, 'quoted');

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
    .select({ message: messages, agentName: agents.name, quoted: quotedMessages })
    .from(messages)
    .leftJoin(agents, eq(agents.id, messages.agentId))
    .leftJoin(
      quotedMessages,
      and(eq(quotedMessages.id, messages.quotedMessageId), eq(quotedMessages.chatId, messages.chatId)),
    )
    .where(and(eq(messages.chatId, chatId), eq(messages.ownerId, actor.ownerId)))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const docs = rows
    .slice(0, limit)
    .map((r) => toMessage(r.message, r.agentName, r.quoted))
    .reverse();
  return { docs, hasNextPage: rows.length > limit };
}

/**
 * Stores an outbound message as pending and enqueues its send in the same transaction (spec §4,
 * ARCHITECTURE §3). Idempotent on (chat, temporaryId): a retried request returns the stored message and
 * sends nothing new. Files must have been uploaded first; the channel's rules of spec §5 apply.
 */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  input: SendMessageInput,
): Promise<Message> {
  const chat = await requireChat(ctx, actor, chatId);
  if (!canReply(actor, chat)) throw new AppError('FORBIDDEN');
  await refuseDeletedAccount(ctx, chat.accountId);
  if (instagramWindowClosed(chat, ctx.clock.now().getTime()))
    throw new AppError('FORBIDDEN', t('chat.instagramWindow'));
  const refusal = channelRefusal(chat.account.type, input.type);
  if (refusal) throw new AppError('VALIDATION', refusal);
  const content = await resolveContent(ctx.db, actor.ownerId, input);
  let quoted: typeof messages.$inferSelect | null = null;
  if (input.quotedMessageId) {
    if (!canQuote(chat.account.type)) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.replyWhatsappOnly);
    [quoted = null] = await ctx.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.id, input.quotedMessageId),
          eq(messages.chatId, chatId),
          eq(messages.ownerId, actor.ownerId),
        ),
      )
      .limit(1);
    if (!quoted) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.quotedNotFound);
  }
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        ownerId: actor.ownerId,
        chatId,
        accountId: chat.accountId,
        temporaryId: input.temporaryId,
        type: content.type,
        text: content.text,
        media: content.media,
        quotedMessageId: quoted?.id ?? null,
        isFromMe: true,
        status: 'pending',
        agentId: actor.agentId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) return null;
    await tx
      .update(chats)
      .set({
        lastMessageAt: now,
        lastMessageText: content.text,
        lastMessageType: content.type,
        lastMessageIsFromMe: true,
        lastMessageStatus: 'pending',
        lastMessageId: inserted.id,
        updatedAt: now,
      })
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
    await ctx.jobs.enqueue(tx, SEND_JOB, { messageId: inserted.id }, { dedupeKey: `send:${inserted.id}` });
    return inserted;
  });
  if (!result) {
    // a retried send (the same temporaryId): nothing new is stored or sent; answer with the first one
    const existing = await findByTemporaryId(ctx, chatId, input.temporaryId);
    if (!existing) throw new AppError('INTERNAL');
    return messageView(ctx.db, existing);
  }
  const message = toMessage(result, await agentName(ctx, actor.agentId), quoted);
  ctx.jobs.wake();
  await publishChatEvent(ctx, actor.ownerId, chatId, 'message.created', message);
  return message;
}

/** A deleted account's chats stay readable, but nothing is sent through it any more. */
async function refuseDeletedAccount(ctx: AppContext, accountId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ deletedAt: accounts.deletedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row || row.deletedAt) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.accountDeleted);
}

async function findByTemporaryId(ctx: AppContext, chatId: string, temporaryId: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.temporaryId, temporaryId)))
    .limit(1);
  return row ?? null;
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
