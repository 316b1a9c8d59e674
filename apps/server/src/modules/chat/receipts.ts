import { and, eq, inArray, sql } from 'drizzle-orm';
import { textArray } from '../../db/sql';
import { MESSAGE_STATUSES, STATUS_RANK, type MessageStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { attachLabels } from '../label/service';
import { publishChatEvent } from './publish';
import { messageView, selectChats, toChat, toMessage } from './serialize';

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
      for (const listener of ctx.chatHooks.statusListeners) await listener(tx, [row], to, errorMessage);
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

/**
 * applyStatus for many messages moving to the same status (a broadcast's batch, its receipts): one
 * transaction moves those that may move, their chats' last status and what the status listeners
 * write; message.updated for each after commit, the chats read in one query. Returns how many moved.
 */
export async function applyStatusMany(
  ctx: AppContext,
  messageIds: string[],
  to: MessageStatus,
  errorMessage: string | null = null,
): Promise<number> {
  if (!messageIds.length) return 0;
  const now = ctx.clock.now();
  const moved = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ status: to, updatedAt: now, ...(to === 'error' ? { errorMessage } : {}) })
      .where(
        and(sql`${messages.id} = any(${textArray(messageIds)})`, inArray(messages.status, earlierThan(to))),
      )
      .returning();
    if (!rows.length) return rows;
    await tx
      .update(chats)
      .set({ lastMessageStatus: to })
      .where(
        and(
          sql`${chats.id} = any(${textArray([...new Set(rows.map((r) => r.chatId))])})`,
          sql`${chats.lastMessageId} = any(${textArray(rows.map((r) => r.id))})`,
        ),
      );
    for (const listener of ctx.chatHooks.statusListeners) await listener(tx, rows, to, errorMessage);
    return rows;
  });
  if (!moved.length) return 0;
  const byOwner = new Map<string, typeof moved>();
  for (const row of moved) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
  for (const [ownerId, rows] of byOwner) {
    const chatRows = await selectChats(ctx.db).where(
      sql`${chats.id} = any(${textArray([...new Set(rows.map((r) => r.chatId))])})`,
    );
    const withLabels = await attachLabels(ctx.db, ownerId, chatRows.map(toChat));
    const chatById = new Map(withLabels.map((chat) => [chat._id, chat]));
    for (const row of rows) {
      const chat = chatById.get(row.chatId);
      if (!chat) continue;
      const message = row.agentId || row.quotedMessageId ? await messageView(ctx.db, row) : toMessage(row);
      ctx.bus.publish({ kind: 'tenant', ownerId, event: { type: 'message.updated', chat, message } });
    }
  }
  return moved.length;
}
