import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, chats, messages } from '../../db/schema';
import type { InboundEvent } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import { publishChatEvent } from './publish';
import { toMessage } from './serialize';

export interface IngestResult {
  chatId: string;
  messageId: string;
  /** False when the event was a replay: nothing was stored or published. */
  created: boolean;
}

/**
 * The inbound half of the spine (ARCHITECTURE §3): one transaction dedupes on (account, external id),
 * upserts the chat and inserts the message; the realtime events go out after commit.
 */
export async function ingestInbound(ctx: AppContext, event: InboundEvent): Promise<IngestResult> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, event.accountId)).limit(1);
  if (!account) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: messages.id, chatId: messages.chatId })
      .from(messages)
      .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.externalId)))
      .limit(1);
    if (existing) return { chatId: existing.chatId, messageId: existing.id, created: false };

    const [chat] = await tx
      .insert(chats)
      .values({
        ownerId: account.ownerId,
        accountId: account.id,
        externalId: event.contact.externalId,
        contactName: event.contact.name,
        contactPhone: event.contact.phone,
        contactPicture: event.contact.picture ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [chats.accountId, chats.externalId],
        set: { updatedAt: now, ...(event.contact.picture ? { contactPicture: event.contact.picture } : {}) },
      })
      .returning({ id: chats.id });
    if (!chat) throw new AppError('INTERNAL');

    const [message] = await tx
      .insert(messages)
      .values({
        ownerId: account.ownerId,
        chatId: chat.id,
        accountId: account.id,
        externalId: event.externalId,
        type: event.type,
        text: event.text,
        isFromMe: false,
        status: 'unread',
        senderName: event.contact.name,
        createdAt: event.sentAt,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!message) return { chatId: chat.id, messageId: '', created: false };

    // The snapshot only moves to a newer message: late deliveries do not rewind the list order.
    await tx
      .update(chats)
      .set({
        unreadCount: sql`${chats.unreadCount} + 1`,
        fromSenderAt: sql`greatest(${chats.fromSenderAt}, ${event.sentAt})`,
        lastMessageAt: sql`greatest(${chats.lastMessageAt}, ${event.sentAt})`,
        lastMessageText: sql`case when ${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt} then ${event.text} else ${chats.lastMessageText} end`,
        lastMessageType: sql`case when ${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt} then ${event.type} else ${chats.lastMessageType} end`,
        lastMessageIsFromMe: sql`case when ${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt} then false else ${chats.lastMessageIsFromMe} end`,
        lastMessageStatus: sql`case when ${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt} then 'unread' else ${chats.lastMessageStatus} end`,
        lastMessageId: sql`case when ${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt} then ${message.id} else ${chats.lastMessageId} end`,
      })
      .where(eq(chats.id, chat.id));
    return { chatId: chat.id, messageId: message.id, created: true, row: message };
  });
  if (result.created && 'row' in result && result.row) {
    await publishChatEvent(ctx, account.ownerId, result.chatId, 'message.created', toMessage(result.row));
  }
  return { chatId: result.chatId, messageId: result.messageId, created: result.created };
}
