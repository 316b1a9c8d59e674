import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { publishChatEvent } from './publish';
import { messageView } from './serialize';

/**
 * Records the pricing category Meta billed a WhatsApp Cloud API message under (issue 25: the cost
 * of each message stays visible), from a status webhook's `pricing.category`. Statuses repeat it:
 * only a change is written and published (`message.updated`). False when nothing changed or the
 * message is unknown to the account.
 */
export async function recordPricing(
  ctx: AppContext,
  accountId: string,
  externalId: string,
  category: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(messages)
    .set({ pricingCategory: category, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.externalId, externalId),
        or(isNull(messages.pricingCategory), ne(messages.pricingCategory, category)),
      ),
    )
    .returning();
  if (!row) return false;
  await publishChatEvent(ctx, row.ownerId, row.chatId, 'message.updated', await messageView(ctx.db, row));
  return true;
}
