import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { chats } from '../../db/schema';
import { selectChats, toChat } from './serialize';

/** How many chats one realtime load reads (after an agent is deleted, say). */
const PUBLISH_BATCH = 200;

/**
 * An agent goes: the chats they held become unassigned, in the caller's transaction (so a refused
 * delete rolls this back too). Returns the chats' ids for `publishChatsUpdated` after commit.
 */
export async function releaseAgentChats(
  tx: Tx,
  ctx: AppContext,
  where: { ownerId: string; agentId: string },
): Promise<string[]> {
  const freed = await tx
    .update(chats)
    .set({ agentId: null, updatedAt: ctx.clock.now() })
    .where(and(eq(chats.ownerId, where.ownerId), eq(chats.agentId, where.agentId)))
    .returning({ id: chats.id });
  return freed.map((c) => c.id);
}

/**
 * A label goes: its id leaves every chat of the tenant, in the caller's transaction. Returns how many
 * chats lost it (no events: one per chat could be thousands; inboxes see it on their next load).
 */
export async function removeLabelFromChats(
  tx: Tx,
  ctx: AppContext,
  where: { ownerId: string; labelId: string },
): Promise<number> {
  const changed = await tx
    .update(chats)
    .set({ labelIds: sql`array_remove(${chats.labelIds}, ${where.labelId})`, updatedAt: ctx.clock.now() })
    .where(and(eq(chats.ownerId, where.ownerId), arrayContains(chats.labelIds, [where.labelId])))
    .returning({ id: chats.id });
  return changed.length;
}

/** chat.updated for each of these chats of the tenant, read a batch at a time (after commit). */
export async function publishChatsUpdated(
  ctx: AppContext,
  ownerId: string,
  chatIds: string[],
): Promise<void> {
  for (let i = 0; i < chatIds.length; i += PUBLISH_BATCH) {
    const batch = chatIds.slice(i, i + PUBLISH_BATCH);
    const rows = await selectChats(ctx.db).where(and(eq(chats.ownerId, ownerId), inArray(chats.id, batch)));
    for (const row of rows) {
      ctx.bus.publish({
        kind: 'tenant',
        ownerId,
        event: { type: 'chat.updated', chat: toChat(row), message: null },
      });
    }
  }
}
