import {
  t,
  temporaryId,
  type Chat,
  type Message,
  type NewChatBody,
  type SendMessageInput,
} from '@sapa/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
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
  const open = () =>
    preparedOpenChat(ctx.db).execute({
      id: randomUUID(),
      ownerId: actor.ownerId,
      accountId,
      phoneNumber,
      agentId: actor.agentId,
      now: ctx.clock.now(),
    });
  let [chat] = await open();
  // none only when another call opened the chat after this statement began: it is there now
  if (!chat?.id) [chat] = await open();
  if (!chat?.id) throw new AppError('INTERNAL');
  const { id: chatId, opened } = chat;
  try {
    const message = await sendMessage(ctx, actor, chatId, input);
    return { chatId, message };
  } catch (error) {
    // the chat this call made has no message (the send stored nothing): it goes again
    if (opened) {
      await ctx.db
        .delete(chats)
        .where(and(eq(chats.id, chatId), isNull(chats.lastMessageAt), eq(chats.ownerId, actor.ownerId)));
    }
    throw error;
  }
}

/**
 * The chat of an account with a phone number, opened when there is none, in one statement (the
 * public API's every send): `opened` when this call inserted it. An existing chat is only read, not
 * written (an upsert's update would rewrite the row and every index of it for nothing). Built once
 * per database as a named prepared statement, like the inbox list (list.ts).
 */
function preparedOpenChat(db: Db) {
  let prepared = preparedOpenChats.get(db);
  if (!prepared) {
    prepared = openChatQuery(db).prepare('open_chat_with_phone');
    preparedOpenChats.set(db, prepared);
  }
  return prepared;
}

const openChatQuery = (db: Db) => {
  const phone = sql.placeholder('phoneNumber');
  const now = sql.placeholder('now');
  const inserted = db.$with('inserted').as(
    db
      .insert(chats)
      .values({
        id: sql.placeholder('id'),
        ownerId: sql.placeholder('ownerId'),
        accountId: sql.placeholder('accountId'),
        externalId: phone,
        contactName: phone,
        contactPhone: phone,
        // an agent who starts a conversation holds it (spec §6: agents reply only in their own chats)
        agentId: sql.placeholder('agentId'),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [chats.accountId, chats.externalId] })
      .returning({ id: chats.id }),
  );
  // one row: the chat inserted, else the one there - as the chats were when the statement began, so
  // never the one inserted, and none (id null) when another call opened it since
  return db
    .with(inserted)
    .select({
      id: sql<string | null>`coalesce(${inserted.id}, ${chats.id})`,
      opened: sql<boolean>`${inserted.id} is not null`,
    })
    .from(sql`(select 1) as ${sql.identifier('one')}`)
    .leftJoin(inserted, sql`true`)
    .leftJoin(chats, and(eq(chats.accountId, sql.placeholder('accountId')), eq(chats.externalId, phone)));
};
const preparedOpenChats = new WeakMap<Db, ReturnType<ReturnType<typeof openChatQuery>['prepare']>>();
