import { sql } from 'drizzle-orm';
import { INBOX_EXTRA_MESSAGES, type MessagePosition } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';

/**
 * GET /chat/{id}/message/{messageId}/page: the page of GET /chat/{id}/message (newest first, `limit`
 * a page) that holds the message, counted as that list orders (created_at, then seq). A message of
 * another chat or tenant is NOT_FOUND, as an unknown one is.
 */
export async function messagePage(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  messageId: string,
  limit: number,
): Promise<MessagePosition> {
  const result = (await ctx.db.execute(sql`select (select count(*)::int from ${messages} as newer
      where newer.chat_id = target.chat_id and newer.owner_id = target.owner_id
        and (newer.created_at, newer.seq) > (target.created_at, target.seq)) as newer
    from ${messages} as target
    where target.id = ${messageId} and target.chat_id = ${chatId} and target.owner_id = ${actor.ownerId}`)) as unknown as {
    rows: { newer: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new AppError('NOT_FOUND', INBOX_EXTRA_MESSAGES.messageNotFound);
  return { page: Math.floor(Number(row.newer) / limit) + 1 };
}
