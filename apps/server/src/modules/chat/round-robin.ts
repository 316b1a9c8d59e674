import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, agents, chats } from '../../db/schema';
import { notify } from '../notification/service';
import type { InboundNotice } from './hooks';
import { publishChatEvent } from './publish';

/**
 * Round-robin (issue 21, off by default, the owner's switch per number): a new chat of the number
 * goes to the available agent who has waited longest since their last round-robin chat. The pick
 * locks that agent's row and skips rows locked by a concurrent pick, so chats arriving at once go
 * to different agents; the chat is taken only while still unassigned.
 */
export async function assignRoundRobin(ctx: AppContext, notice: InboundNotice): Promise<void> {
  if (!notice.firstMessage) return;
  const [account] = await ctx.db
    .select({ roundRobin: accounts.roundRobin })
    .from(accounts)
    .where(and(eq(accounts.id, notice.accountId), eq(accounts.ownerId, notice.ownerId)))
    .limit(1);
  if (!account?.roundRobin) return;
  const now = ctx.clock.now();
  const picked = await ctx.db
    .transaction(async (tx) => {
      const result = (await tx.execute(sql`
      update ${agents} set last_assigned_at = greatest(${now.toISOString()}::timestamptz,
        -- strictly after the tenant's last pick, so chats arriving in one instant still take turns
        (select max(last_assigned_at) from ${agents} where owner_id = ${notice.ownerId}) + interval '1 microsecond')
      where id = (
        select id from ${agents}
        where owner_id = ${notice.ownerId} and available and is_verified
        order by last_assigned_at asc nulls first, created_at asc, id asc
        limit 1 for update skip locked
      )
      returning id, name`)) as unknown as { rows: { id: string; name: string }[] };
      const agent = result.rows[0];
      if (!agent) return null;
      const taken = await tx
        .update(chats)
        .set({ agentId: agent.id, updatedAt: now })
        .where(and(eq(chats.id, notice.chatId), eq(chats.ownerId, notice.ownerId), isNull(chats.agentId)))
        .returning({ name: chats.contactName });
      if (!taken.length) {
        // assigned meanwhile (by hand): this agent's turn is not used up
        tx.rollback();
      }
      return { agent, contact: taken[0]!.name };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (!picked) return;
  await publishChatEvent(ctx, notice.ownerId, notice.chatId, 'chat.updated');
  await notify(ctx, [
    {
      ownerId: notice.ownerId,
      recipientId: picked.agent.id,
      kind: 'assigned',
      chatId: notice.chatId,
      actorName: 'Bagi rata otomatis',
      text: picked.contact,
    },
  ]);
}
