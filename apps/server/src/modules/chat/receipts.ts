import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGE_STATUSES, STATUS_RANK, type MessageStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { publishChatEvent } from './publish';
import { messageView } from './serialize';

/** Statuses a message may be in before moving to `to` (forward only; error and read are final). */
function earlierThan(to: MessageStatus): MessageStatus[] {
  return MESSAGE_STATUSES.filter((s) => s !== 'error' && s !== 'read' && STATUS_RANK[s] < STATUS_RANK[to]);
}

/**
 * Moves an outbound message's status forward (channels reference §0: receipts reorder and repeat,
 * so a late 'sent' after 'read' changes nothing). Publishes `message.updated` when it moved.
 */
export async function applyStatus(
  ctx: AppContext,
  where: { messageId: string } | { accountId: string; externalId: string },
  to: MessageStatus,
  errorMessage: string | null = null,
): Promise<boolean> {
  const match =
    'messageId' in where
      ? eq(messages.id, where.messageId)
      : and(eq(messages.accountId, where.accountId), eq(messages.externalId, where.externalId));
  const now = ctx.clock.now();
  const [updated] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ status: to, updatedAt: now, ...(to === 'error' ? { errorMessage } : {}) })
      .where(and(match, inArray(messages.status, earlierThan(to))))
      .returning();
    const row = rows[0];
    if (row) {
      await tx
        .update(chats)
        .set({ lastMessageStatus: to })
        .where(and(eq(chats.id, row.chatId), eq(chats.lastMessageId, row.id)));
      for (const listener of ctx.chatHooks.statusListeners) await listener(tx, row, to, errorMessage);
    }
    return rows;
  });
  if (!updated) return false;
  await publishChatEvent(
    ctx,
    updated.ownerId,
    updated.chatId,
    'message.updated',
    await messageView(ctx.db, updated),
  );
  return true;
}
