import { t, temporaryId, type Chat, type NewChatBody } from '@sapa/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { chats } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getAccount } from '../account/service';
import type { Actor } from '../auth/actor';
import { requireChat, sendMessage } from './messages';

/**
 * POST /chat/new: opens (or reuses) the chat of a sender account with a phone number and sends the
 * first text (on a WhatsApp Cloud API number, an approved template: issue 25). A first message the
 * send refuses (no subscription, the Cloud API's window, a wrong template) leaves no new chat behind.
 */
export async function startChat(ctx: AppContext, actor: Actor, body: NewChatBody): Promise<Chat> {
  const account = await getAccount(ctx, actor, body.accountId).catch(() => {
    throw new AppError('VALIDATION', t('chat.senderInvalid'), { accountId: t('chat.senderInvalid') });
  });
  const now = ctx.clock.now();
  const [existing] = await ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.accountId, account.id), eq(chats.externalId, body.phoneNumber)))
    .limit(1);
  const [chat] = await ctx.db
    .insert(chats)
    .values({
      ownerId: actor.ownerId,
      accountId: account.id,
      externalId: body.phoneNumber,
      contactName: body.phoneNumber,
      contactPhone: body.phoneNumber,
      // an agent who starts a conversation holds it (spec §6: agents reply only in their own chats)
      agentId: actor.agentId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [chats.accountId, chats.externalId], set: { updatedAt: now } })
    .returning({ id: chats.id });
  if (!chat) throw new AppError('INTERNAL');
  try {
    await sendMessage(ctx, actor, chat.id, {
      type: 'text',
      temporaryId: temporaryId(),
      text: body.text,
      ...(body.template ? { template: body.template } : {}),
    });
  } catch (error) {
    // the chat this call made has no message (the send stored nothing): it goes again
    if (!existing) {
      await ctx.db
        .delete(chats)
        .where(and(eq(chats.id, chat.id), isNull(chats.lastMessageAt), eq(chats.ownerId, actor.ownerId)));
    }
    throw error;
  }
  return requireChat(ctx, actor, chat.id);
}
