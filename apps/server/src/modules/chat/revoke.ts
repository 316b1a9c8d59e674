import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { publishChatEvent } from './publish';
import { messageView } from './serialize';

/**
 * Marks our copy of a message deleted for everyone (a channel's REVOKE). When it is the chat's last
 * message, the inbox row stops showing its text too: it says 'Pesan telah dihapus' like the bubble.
 * Publishes `message.updated` after commit; an unknown message changes nothing.
 */
export async function revokeMessage(
  ctx: AppContext,
  where: { accountId: string; externalId: string },
): Promise<void> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(messages)
      .set({ isDeleted: true, updatedAt: now })
      .where(and(eq(messages.accountId, where.accountId), eq(messages.externalId, where.externalId)))
      .returning();
    if (revoked)
      await tx
        .update(chats)
        .set({ lastMessageText: '', lastMessageType: 'deleted', updatedAt: now })
        .where(and(eq(chats.id, revoked.chatId), eq(chats.lastMessageId, revoked.id)));
    return revoked;
  });
  if (row)
    await publishChatEvent(ctx, row.ownerId, row.chatId, 'message.updated', await messageView(ctx.db, row));
}
