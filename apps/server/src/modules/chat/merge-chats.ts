import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { publishChatEvent } from './publish';
import { loadChat } from './serialize';

export interface MergeChatsInput {
  accountId: string;
  /** the contact's old external id (a WhatsApp LID) */
  fromExternalId: string;
  /** the id it is known by from now on (the phone number) */
  toExternalId: string;
  /** the contact's phone number, shown on the chat */
  phone: string;
  /** a name nobody gave (the old id's digits), replaced by the phone number */
  placeholderName: string;
}

/**
 * A contact's external id changed (a WhatsApp LID whose phone number became known, pitfalls §4):
 * its chat takes the new id, or, when the new id already has a chat, the messages move there and the
 * old chat goes (`chat.deleted` for it, `chat.updated` for the one kept).
 */
export async function mergeChats(ctx: AppContext, input: MergeChatsInput): Promise<void> {
  const { accountId, fromExternalId, toExternalId, phone } = input;
  const [fromChat] = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.accountId, accountId), eq(chats.externalId, fromExternalId)))
    .limit(1);
  if (!fromChat) return;
  const [toChat] = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.accountId, accountId), eq(chats.externalId, toExternalId)))
    .limit(1);
  if (!toChat) {
    await ctx.db
      .update(chats)
      .set({
        externalId: toExternalId,
        contactPhone: phone,
        contactName: fromChat.contactName === input.placeholderName ? phone : fromChat.contactName,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(chats.id, fromChat.id));
    await publishChatEvent(ctx, fromChat.ownerId, fromChat.id, 'chat.updated');
    return;
  }
  const gone = await loadChat(ctx.db, fromChat.ownerId, fromChat.id);
  const fromNewer =
    !!fromChat.lastMessageAt && (!toChat.lastMessageAt || fromChat.lastMessageAt > toChat.lastMessageAt);
  await ctx.db.transaction(async (tx) => {
    await tx.update(messages).set({ chatId: toChat.id }).where(eq(messages.chatId, fromChat.id));
    await tx
      .update(chats)
      .set({
        unreadCount: sql`${chats.unreadCount} + ${fromChat.unreadCount}`,
        updatedAt: ctx.clock.now(),
        ...(fromNewer
          ? {
              lastMessageAt: fromChat.lastMessageAt,
              lastMessageText: fromChat.lastMessageText,
              lastMessageType: fromChat.lastMessageType,
              lastMessageIsFromMe: fromChat.lastMessageIsFromMe,
              lastMessageStatus: fromChat.lastMessageStatus,
              lastMessageId: fromChat.lastMessageId,
            }
          : {}),
        fromSenderAt: sql`greatest(${chats.fromSenderAt}, ${fromChat.fromSenderAt})`,
      })
      .where(eq(chats.id, toChat.id));
    await tx.delete(chats).where(eq(chats.id, fromChat.id));
  });
  if (gone)
    ctx.bus.publish({
      kind: 'tenant',
      ownerId: fromChat.ownerId,
      event: { type: 'chat.deleted', chat: gone, message: null },
    });
  await publishChatEvent(ctx, toChat.ownerId, toChat.id, 'chat.updated');
}
