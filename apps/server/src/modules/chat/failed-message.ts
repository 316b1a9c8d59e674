import { and, desc, eq, ne } from 'drizzle-orm';
import { canReply, INBOX_EXTRA_MESSAGES, WHATSAPP_MESSAGES, type Chat, type Message } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, chats, messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { requireChat } from './messages';
import { publishChatEvent } from './publish';
import { windowRefusal } from './reply-window';
import { messageView, toMessage } from './serialize';
import { SEND_JOB } from './send-job';
import { requireSubscription } from '../billing/subscription';

/**
 * The chat and one of its outbound messages (never a note: notes are not sent), for someone who
 * may reply in it (spec §6: the same rule as sending). NOT_FOUND for another chat's or tenant's.
 */
async function ownOutbound(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  messageId: string,
): Promise<{ chat: Chat; row: MessageRow }> {
  const chat = await requireChat(ctx, actor, chatId);
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.chatId, chatId),
        eq(messages.ownerId, actor.ownerId),
        eq(messages.isFromMe, true),
        ne(messages.kind, 'note'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', INBOX_EXTRA_MESSAGES.messageNotFound);
  if (!canReply(actor, chat)) throw new AppError('FORBIDDEN');
  return { chat, row };
}

/**
 * POST /chat/{id}/message/{messageId}/retry ('Kirim ulang'): the same stored message goes back to
 * pending and its send job is queued again (the job and the connectors are idempotent on the
 * message id, so nothing is sent twice). Asked again while it is pending, it answers the message as
 * it is; a message that did not fail is a CONFLICT. The channel's rules of sending still hold.
 */
export async function retryFailedMessage(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  messageId: string,
): Promise<Message> {
  const { chat, row } = await ownOutbound(ctx, actor, chatId, messageId);
  if (row.status === 'pending') return messageView(ctx.db, row);
  if (row.status !== 'error') throw new AppError('CONFLICT', INBOX_EXTRA_MESSAGES.notFailed);
  await requireSubscription(ctx, actor.ownerId);
  const [account] = await ctx.db
    .select({ deletedAt: accounts.deletedAt })
    .from(accounts)
    .where(eq(accounts.id, row.accountId))
    .limit(1);
  if (!account || account.deletedAt) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.accountDeleted);
  const extra = row.channelExtra as { template?: unknown } | null;
  const closed = windowRefusal(chat, ctx.clock.now().getTime(), extra?.template !== undefined);
  if (closed) throw closed;
  const now = ctx.clock.now();
  const retried = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(messages)
      .set({ status: 'pending', errorMessage: null, updatedAt: now })
      .where(and(eq(messages.id, row.id), eq(messages.status, 'error')))
      .returning();
    if (!updated) return null;
    // what follows the message's status (a broadcast's recipient) learns it is being sent again
    for (const listener of ctx.chatHooks.statusListeners) await listener(tx, [updated], 'pending', null);
    // the chat's last status follows by the messages' trigger (migration 0028)
    await ctx.jobs.enqueue(tx, SEND_JOB, { messageId: row.id }, { dedupeKey: `send:${row.id}` });
    return updated;
  });
  if (!retried) {
    // a second click that lost the race: the first one queued it
    const [current] = await ctx.db.select().from(messages).where(eq(messages.id, row.id)).limit(1);
    if (current?.status !== 'pending') throw new AppError('CONFLICT', INBOX_EXTRA_MESSAGES.notFailed);
    return messageView(ctx.db, current);
  }
  const message = await messageView(ctx.db, retried);
  await publishChatEvent(ctx, actor.ownerId, chatId, 'message.updated', message);
  ctx.jobs.wake();
  return message;
}

/**
 * DELETE /chat/{id}/message/{messageId} ('Hapus'): a failed outbound message, never delivered,
 * leaves the chat; when it was the chat's last message, the one before it (notes aside) takes its
 * place. Any other message is a CONFLICT: what the customer may have received stays. Published as
 * `message.updated` with the message marked deleted (the inboxes drop a deleted failed message).
 */
export async function deleteFailedMessage(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  messageId: string,
): Promise<void> {
  const { row } = await ownOutbound(ctx, actor, chatId, messageId);
  if (row.status !== 'error') throw new AppError('CONFLICT', INBOX_EXTRA_MESSAGES.notFailed);
  const now = ctx.clock.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(messages)
      .where(and(eq(messages.id, row.id), eq(messages.status, 'error')))
      .returning();
    if (!gone) return null;
    const [last] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), ne(messages.kind, 'note')))
      .orderBy(desc(messages.createdAt), desc(messages.seq))
      .limit(1);
    await tx
      .update(chats)
      .set(
        last
          ? {
              lastMessageAt: last.createdAt,
              lastMessageText: last.isDeleted ? '' : last.text,
              lastMessageType: last.isDeleted ? 'deleted' : last.type,
              lastMessageIsFromMe: last.isFromMe,
              lastMessageStatus: last.status,
              lastMessageId: last.id,
              updatedAt: now,
            }
          : {
              lastMessageAt: null,
              lastMessageText: '',
              lastMessageType: 'text',
              lastMessageIsFromMe: false,
              lastMessageStatus: 'sent',
              lastMessageId: null,
              updatedAt: now,
            },
      )
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId), eq(chats.lastMessageId, row.id)));
    return gone;
  });
  if (!deleted) throw new AppError('CONFLICT', INBOX_EXTRA_MESSAGES.notFailed);
  const message = toMessage({ ...deleted, isDeleted: true, updatedAt: now });
  await publishChatEvent(ctx, actor.ownerId, chatId, 'message.updated', message);
}
