import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chats, messages } from '../../db/schema';
import { applyStatusMany } from './receipts';

/** At most this many messages move for one receipt: an old chat read at last moves in a few receipts. */
const MAX_MOVED = 1000;

/**
 * Receipts that name a moment instead of a message (channels reference §2.6): Messenger's delivery
 * and read watermarks ('everything sent before this time') and Instagram's read of one message (that
 * one and every earlier one). Moves the outbound messages of the chat with `contactExternalId` that
 * the channel took (an external id, 'sent' or further) and that were written at or before `upTo`
 * forward to `to`, through applyStatusMany: forward only, so a replayed or late receipt changes
 * nothing. A message still pending has not reached the channel and is left alone.
 */
export async function applyStatusUpTo(
  ctx: AppContext,
  where: { accountId: string; contactExternalId: string; upTo: Date },
  to: 'unread' | 'read',
): Promise<number> {
  const below = to === 'unread' ? ['sent'] : ['sent', 'unread'];
  const rows = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        eq(chats.accountId, where.accountId),
        eq(chats.externalId, where.contactExternalId),
        eq(messages.accountId, where.accountId),
        eq(messages.isFromMe, true),
        isNotNull(messages.externalId),
        inArray(messages.status, below),
        lte(messages.createdAt, where.upTo),
      ),
    )
    .limit(MAX_MOVED);
  return applyStatusMany(
    ctx,
    rows.map((r) => r.id),
    to,
  );
}
