import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { agents, chats, messages } from '../../db/schema';
import type { ChatRow, InboundEvent, MessageRow } from '../../channels/connector';
import { AppError } from '../../lib/errors';
import { cachedAccount } from './account-cache';
import { attachLabels } from '../label/service';
import { toChat, toMessage } from './serialize';

export interface IngestResult {
  chatId: string;
  messageId: string;
  /** False when the event was a replay: nothing was stored or published. */
  created: boolean;
}

/**
 * The inbound half of the spine (ARCHITECTURE §3): one transaction dedupes on (account, external id),
 * upserts the chat and inserts the message; the realtime events go out after commit.
 */
class Replay extends Error {}

export interface IngestOptions {
  /**
   * The business sent it from elsewhere (a WhatsApp message typed on the phone): stored as an outbound
   * 'sent' message that neither counts as unread nor as the customer's last word.
   */
  fromMe?: boolean;
}

export async function ingestInbound(
  ctx: AppContext,
  event: InboundEvent,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const fromMe = options.fromMe === true;
  const status = fromMe ? 'sent' : 'unread';
  const account = await cachedAccount(ctx, event.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  const newer = sql`${chats.lastMessageAt} is null or ${chats.lastMessageAt} <= ${event.sentAt}`;
  let replayOf: { chatId: string; messageId: string } | null = null;
  let stored: { chat: ChatRow; message: MessageRow };
  // The message id is chosen here so the chat row is written once, in the same statement that creates
  // or touches it; a replay is detected by the message insert and rolls the whole transaction back.
  const messageId = randomUUID();
  const [quoted] = event.quotedExternalId
    ? await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.quotedExternalId)))
        .limit(1)
    : [];
  try {
    stored = await ctx.db.transaction(async (tx) => {
      const [chat] = await tx
        .insert(chats)
        .values({
          ownerId: account.ownerId,
          accountId: account.id,
          externalId: event.contact.externalId,
          contactName: event.contact.name,
          contactPhone: event.contact.phone,
          contactPicture: event.contact.picture ?? null,
          lastMessageAt: event.sentAt,
          lastMessageText: event.text,
          lastMessageType: event.type,
          lastMessageIsFromMe: fromMe,
          lastMessageStatus: status,
          lastMessageId: messageId,
          fromSenderAt: fromMe ? null : event.sentAt,
          unreadCount: fromMe ? 0 : 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [chats.accountId, chats.externalId],
          // the snapshot only moves to a newer message: late deliveries do not rewind the list order
          set: {
            updatedAt: now,
            contactPicture: sql`coalesce(excluded.contact_picture, ${chats.contactPicture})`,
            unreadCount: fromMe ? chats.unreadCount : sql`${chats.unreadCount} + 1`,
            fromSenderAt: fromMe ? chats.fromSenderAt : sql`greatest(${chats.fromSenderAt}, ${event.sentAt})`,
            lastMessageAt: sql`greatest(${chats.lastMessageAt}, ${event.sentAt})`,
            lastMessageText: sql`case when ${newer} then ${event.text} else ${chats.lastMessageText} end`,
            lastMessageType: sql`case when ${newer} then ${event.type} else ${chats.lastMessageType} end`,
            lastMessageIsFromMe: sql`case when ${newer} then ${fromMe} else ${chats.lastMessageIsFromMe} end`,
            lastMessageStatus: sql`case when ${newer} then ${status} else ${chats.lastMessageStatus} end`,
            lastMessageId: sql`case when ${newer} then ${messageId} else ${chats.lastMessageId} end`,
          },
        })
        .returning();
      if (!chat) throw new AppError('INTERNAL');
      const [message] = await tx
        .insert(messages)
        .values({
          id: messageId,
          ownerId: account.ownerId,
          chatId: chat.id,
          accountId: account.id,
          externalId: event.externalId,
          type: event.type,
          text: event.text,
          media: event.media ?? null,
          quotedMessageId: quoted?.id ?? null,
          isFromMe: fromMe,
          status,
          senderName: fromMe ? null : event.contact.name,
          createdAt: event.sentAt,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!message) {
        // A replay: undo the chat change above and report the message stored the first time.
        const [first] = await tx
          .select({ id: messages.id, chatId: messages.chatId })
          .from(messages)
          .where(and(eq(messages.accountId, account.id), eq(messages.externalId, event.externalId)))
          .limit(1);
        replayOf = first ? { chatId: first.chatId, messageId: first.id } : { chatId: chat.id, messageId: '' };
        throw new Replay();
      }
      return { chat, message };
    });
  } catch (error) {
    if (error instanceof Replay && replayOf)
      return { ...(replayOf as { chatId: string; messageId: string }), created: false };
    throw error;
  }
  const agent = stored.chat.agentId
    ? (
        await ctx.db
          .select({ name: agents.name, phone: agents.phone })
          .from(agents)
          .where(eq(agents.id, stored.chat.agentId))
      )[0]
    : undefined;
  const [chat] = await attachLabels(ctx.db, account.ownerId, [
    toChat({
      chat: stored.chat,
      accountType: account.type,
      accountLabel: account.labelName,
      agentName: agent?.name ?? null,
      agentPhone: agent?.phone ?? null,
    }),
  ]);
  ctx.bus.publish({
    kind: 'tenant',
    ownerId: account.ownerId,
    event: {
      type: 'message.created',
      chat: chat ?? null,
      message: toMessage(stored.message, null, quoted ?? null),
    },
  });
  return { chatId: stored.chat.id, messageId: stored.message.id, created: true };
}
