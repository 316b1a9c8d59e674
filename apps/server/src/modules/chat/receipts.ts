import { and, eq, inArray, sql } from 'drizzle-orm';
import { textArray } from '../../db/sql';
import { MESSAGE_STATUSES, STATUS_RANK, type MessageStatus } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, agents, chats, messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';
import { publishChatEvent } from './publish';
import {
  chatFromJson,
  chatJsonColumns,
  fromJson,
  messageView,
  messageViews,
  type ChatJsonRow,
} from './serialize';

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
    // the chat's last status follows by the messages' trigger (migration 0028)
    if (row)
      for (const listener of ctx.chatHooks.statusListeners) await listener(tx, [row], to, errorMessage);
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
 * applyStatus for many messages moving to the same status (a broadcast's batch, a public API burst's
 * sends and receipts): one transaction moves those that may move and runs what the status listeners
 * write (the chats' last status follows by the messages' trigger, migration 0028); message.updated
 * for each after commit, the chats read in one query. Returns how many moved. The rows come back as
 * JSON and are mapped by fromJson/chatFromJson, as storeMany's are: Drizzle's per-column mapping of
 * whole rows was the server's largest cost of a receipt.
 */
export async function applyStatusMany(
  ctx: AppContext,
  messageIds: string[],
  to: MessageStatus,
  errorMessage: string | null = null,
  /**
   * The channel's ids of sent messages (message id -> external id), written by the same update as
   * the status (one new version of each row, not two); a message that does not move gets its own.
   */
  externalIds?: ReadonlyMap<string, string>,
): Promise<number> {
  if (!messageIds.length) return 0;
  const now = ctx.clock.now();
  const ids = externalIds?.size ? JSON.stringify(Object.fromEntries(externalIds)) : null;
  const hooks = ctx.chatHooks;
  // what each listener with a concern has to do with each row, read by the update itself
  const concerns = hooks.statusConcerns.flatMap((concern, i) =>
    concern ? [sql`, (${concern}) as ${sql.identifier(`concern_${i}`)}`] : [],
  );
  const moved = await ctx.db.transaction(async (tx) => {
    const { rows: updated } = (await tx.execute(sql`update ${messages}
      set status = ${to}, updated_at = ${now.toISOString()}::timestamptz
        ${to === 'error' ? sql`, error_message = ${errorMessage}` : sql``}
        ${ids ? sql`, external_id = coalesce(${ids}::jsonb ->> id, external_id)` : sql``}
      where id = any(${textArray(messageIds)}) and status = any(${textArray(earlierThan(to))})
      returning row_to_json(${messages}) as message ${sql.join(concerns)}`)) as unknown as {
      rows: ({ message: Record<string, unknown> } & Record<string, unknown>)[];
    };
    const rows = updated.map((row) => fromJson<MessageRow>(messages, row.message));
    const movedIds = new Set(rows.map((row) => row.id));
    const still = externalIds ? [...externalIds].filter(([id]) => !movedIds.has(id)) : [];
    if (still.length) {
      await tx.execute(sql`update ${messages} set external_id = v.external_id
        from unnest(${textArray(still.map(([id]) => id))}, ${textArray(still.map(([, e]) => e))}) as v(id, external_id)
        where ${messages.id} = v.id`);
    }
    for (const [i, listener] of hooks.statusListeners.entries()) {
      const concerned = hooks.statusConcerns[i]
        ? rows.filter((_, n) => updated[n]![`concern_${i}`] === true)
        : rows;
      if (concerned.length) await listener(tx, concerned, to, errorMessage);
    }
    return rows;
  });
  if (!moved.length) return 0;
  const { rows: chatRows } = (await ctx.db.execute(sql`select c.id, ${chatJsonColumns}
    from ${chats} c join ${accounts} a on a.id = c.account_id left join ${agents} g on g.id = c.agent_id
    where c.id = any(${textArray([...new Set(moved.map((r) => r.chatId))])})`)) as unknown as {
    rows: (ChatJsonRow & { id: string })[];
  };
  const chatById = new Map(chatRows.map((row) => [row.id, chatFromJson(row)]));
  const views = await messageViews(ctx.db, moved);
  for (const [i, row] of moved.entries()) {
    const chat = chatById.get(row.chatId);
    if (!chat) continue;
    ctx.bus.publish({
      kind: 'tenant',
      ownerId: row.ownerId,
      event: { type: 'message.updated', chat, message: views[i]! },
    });
  }
  return moved.length;
}
