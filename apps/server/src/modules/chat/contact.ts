import { and, eq } from 'drizzle-orm';
import { t, type Chat, type ChatContactBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { chats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { validLabelIds } from '../label/service';
import type { Actor } from '../auth/actor';
import { requireChat } from './messages';
import { publishChatEvent } from './publish';

/**
 * PUT /chat/{id}/contact: the drawer's edits of the customer (name, number, note) and the chat's
 * labels. Any member of the tenant may edit; label ids that are not this tenant's labels are dropped.
 */
export async function updateChatContact(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  body: ChatContactBody,
): Promise<Chat> {
  await requireChat(ctx, actor, chatId);
  const set: Partial<typeof chats.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (body.name !== undefined) set.contactName = body.name;
  if (body.phoneNumber !== undefined) set.contactPhone = body.phoneNumber;
  if (body.note !== undefined) set.note = body.note;
  if (body.labelIds !== undefined) {
    set.labelIds = await validLabelIds(ctx.db, actor.ownerId, [...new Set(body.labelIds)]);
  }
  await ctx.db
    .update(chats)
    .set(set)
    .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  const chat = await requireChat(ctx, actor, chatId);
  if (!chat) throw new AppError('NOT_FOUND', t('chat.notFound'));
  return chat;
}
