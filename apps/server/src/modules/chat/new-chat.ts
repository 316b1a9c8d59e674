import {
  t,
  temporaryId,
  type Chat,
  type Message,
  type NewChatBody,
  type SendMessageInput,
} from '@sapa/contracts';
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
  const { chatId } = await sendToPhone(ctx, actor, account.id, body.phoneNumber, {
    type: 'text',
    temporaryId: temporaryId(),
    text: body.text,
    ...(body.template ? { template: body.template } : {}),
  });
  return requireChat(ctx, actor, chatId);
}

/**
 * Sends a message from one of the tenant's accounts (already checked to be the actor's) to a phone
 * number: the chat of that account with that number is found or opened, then the message goes through
 * `sendMessage` with every check of a reply in the inbox (the public API's POST /api/v1/messages, and
 * POST /chat/new). A send it refuses leaves no chat this call opened behind. Idempotent on the input's
 * temporaryId within that chat, as sendMessage is.
 */
export async function sendToPhone(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  phoneNumber: string,
  input: SendMessageInput,
): Promise<{ chatId: string; message: Message }> {
  const now = ctx.clock.now();
  const [existing] = await ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.accountId, accountId), eq(chats.externalId, phoneNumber)))
    .limit(1);
  const [chat] = await ctx.db
    .insert(chats)
    .values({
      ownerId: actor.ownerId,
      accountId,
      externalId: phoneNumber,
      contactName: phoneNumber,
      contactPhone: phoneNumber,
      // an agent who starts a conversation holds it (spec §6: agents reply only in their own chats)
      agentId: actor.agentId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [chats.accountId, chats.externalId], set: { updatedAt: now } })
    .returning({ id: chats.id });
  if (!chat) throw new AppError('INTERNAL');
  try {
    const message = await sendMessage(ctx, actor, chat.id, input);
    return { chatId: chat.id, message };
  } catch (error) {
    // the chat this call made has no message (the send stored nothing): it goes again
    if (!existing) {
      await ctx.db
        .delete(chats)
        .where(and(eq(chats.id, chat.id), isNull(chats.lastMessageAt), eq(chats.ownerId, actor.ownerId)));
    }
    throw error;
  }
}
