import { wroteInBulk } from '../../db/bulk-analyze';
import { inArray, sql } from 'drizzle-orm';
import { textArray } from '../../db/sql';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { chats, messages } from '../../db/schema';
import type { ResolvedContent } from './content';
import { attachLabels } from '../label/service';
import { selectChats, toChat, toMessage } from './serialize';
import { SEND_MANY_JOB } from './send-job';

/** One message to one number, for storeOutboundMany. */
export interface ManyOutboundItem {
  /** the message's id, chosen by the caller: storing it again stores and sends nothing new */
  messageId: string;
  accountId: string;
  /** the customer's number, digits with the country code: the chat (account, number) is made when new */
  phone: string;
  /** the contact's name for a chat made now */
  name: string;
  content: ResolvedContent;
}

/** Where an item went: its chat, and whether the message was stored now (false: it already was). */
export interface ManyOutboundResult {
  messageId: string;
  chatId: string;
  created: boolean;
}

/**
 * Stores outbound messages to many numbers of one tenant at once (broadcasts, ARCHITECTURE §3): each
 * number's chat with its account (made when new), the message as pending, the chat's last message and
 * the message's send job, in one transaction together with what `within` writes (the broadcast's
 * recipients and counters) - all of it commits or none does. Messages already stored (the same ids)
 * are left alone. `message.created` is published after commit.
 */
export async function storeOutboundMany(
  ctx: AppContext,
  ownerId: string,
  items: ManyOutboundItem[],
  within: (tx: Tx, results: ManyOutboundResult[]) => Promise<void>,
): Promise<ManyOutboundResult[]> {
  if (!items.length) {
    await ctx.db.transaction((tx) => within(tx, []));
    return [];
  }
  const now = ctx.clock.now();
  let newChats = 0;
  const results = await ctx.db.transaction(async (tx) => {
    const chatRows = await tx
      .insert(chats)
      .values(
        items.map((item) => ({
          ownerId,
          accountId: item.accountId,
          externalId: item.phone,
          contactName: item.name || item.phone,
          contactPhone: item.phone,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({ target: [chats.accountId, chats.externalId], set: { updatedAt: now } })
      .returning({
        id: chats.id,
        accountId: chats.accountId,
        externalId: chats.externalId,
        // a row the upsert inserted (not one it updated) has no deleting transaction yet
        inserted: sql<boolean>`(xmax = 0)`,
      });
    newChats = chatRows.filter((c) => c.inserted).length;
    const chatOf = new Map(chatRows.map((c) => [`${c.accountId}\u0000${c.externalId}`, c.id]));
    const planned = items.map((item) => ({
      item,
      chatId: chatOf.get(`${item.accountId}\u0000${item.phone}`)!,
    }));
    const inserted = await tx
      .insert(messages)
      .values(
        planned.map(({ item, chatId }) => ({
          id: item.messageId,
          ownerId,
          chatId,
          accountId: item.accountId,
          type: item.content.type,
          text: item.content.text,
          media: item.content.media,
          isFromMe: true,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: messages.id });
    const createdIds = new Set(inserted.map((m) => m.id));
    const created = planned.filter(({ item }) => createdIds.has(item.messageId));
    if (created.length) {
      const ids = created.map(({ chatId }) => chatId);
      const messageIds = created.map(({ item }) => item.messageId);
      const texts = created.map(({ item }) => item.content.text);
      const types = created.map(({ item }) => item.content.type);
      await tx.execute(sql`update ${chats} set last_message_at = ${now.toISOString()}::timestamptz,
          last_message_text = v.text, last_message_type = v.type, last_message_is_from_me = true,
          last_message_status = 'pending', last_message_id = v.message_id, updated_at = ${now.toISOString()}::timestamptz
        from unnest(${textArray(ids)}, ${textArray(messageIds)}, ${textArray(texts)}, ${textArray(types)}) as v(chat_id, message_id, text, type)
        where ${chats.id} = v.chat_id and ${chats.ownerId} = ${ownerId}`);
      // one send job for the batch: its statuses move together (send-job.ts, 'message.send-many')
      await ctx.jobs.enqueue(tx, SEND_MANY_JOB, { messageIds }, { dedupeKey: `send-many:${messageIds[0]}` });
    }
    const results = planned.map(({ item, chatId }) => ({
      messageId: item.messageId,
      chatId,
      created: createdIds.has(item.messageId),
    }));
    await within(tx, results);
    return results;
  });
  // new chats in bulk (a broadcast to new numbers): the inbox list's plans must learn of them
  if (newChats) wroteInBulk(ctx.db, ctx.log, 'chats', newChats);
  const fresh = results.filter((r) => r.created);
  if (fresh.length) {
    ctx.jobs.wake();
    await publishCreated(ctx, ownerId, fresh);
  }
  return results;
}

/** message.created for each stored message, with its chat as it is now: two reads for the batch. */
async function publishCreated(ctx: AppContext, ownerId: string, fresh: ManyOutboundResult[]) {
  const [chatRows, messageRows] = await Promise.all([
    selectChats(ctx.db).where(inArray(chats.id, [...new Set(fresh.map((r) => r.chatId))])),
    ctx.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          fresh.map((r) => r.messageId),
        ),
      ),
  ]);
  const withLabels = await attachLabels(ctx.db, ownerId, chatRows.map(toChat));
  const chatById = new Map(withLabels.map((chat) => [chat._id, chat]));
  for (const message of messageRows) {
    const chat = chatById.get(message.chatId);
    if (!chat) continue;
    ctx.bus.publish({
      kind: 'tenant',
      ownerId,
      event: { type: 'message.created', chat, message: toMessage(message) },
    });
  }
}
