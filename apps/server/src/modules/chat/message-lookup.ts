import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import type { MessageRow } from '../../channels/connector';

/** One stored message of an account by our id, or null. */
export async function findMessage(
  ctx: AppContext,
  accountId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** One stored message of an account by the provider's id, or null. */
export async function findMessageByExternalId(
  ctx: AppContext,
  accountId: string,
  externalId: string,
): Promise<MessageRow | null> {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores the provider's id of an outbound message. Connectors call it before sending when the id is
 * known up front, since receipts (and the echo of our own send) may arrive before the send returns.
 */
export async function recordExternalId(
  ctx: AppContext,
  messageId: string,
  externalId: string,
): Promise<void> {
  await ctx.db.update(messages).set({ externalId }).where(eq(messages.id, messageId));
}
