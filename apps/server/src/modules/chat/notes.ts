import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { INBOX_MESSAGES as M, type Chat, type Message, type Teammate } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { agents, chats, messages, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { publishNotifications, recipientOf, storeNotifications } from '../notification/service';
import { requireChat } from './messages';
import { publishChatEvent } from './publish';
import { messageView, selectChats, toChat } from './serialize';
import { listOrder } from './list-query';
import { attachLabels } from '../label/service';

/** GET /teammate: who can be @mentioned: the owner and the tenant's agents. */
export async function listTeammates(ctx: AppContext, actor: Actor): Promise<Teammate[]> {
  const [owner] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, actor.ownerId))
    .limit(1);
  const staff = await ctx.db
    .select({ id: agents.id, name: agents.name, available: agents.available })
    .from(agents)
    .where(eq(agents.ownerId, actor.ownerId))
    .orderBy(asc(agents.name), asc(agents.id));
  return [
    ...(owner ? [{ _id: owner.id, name: owner.name, role: 'owner' as const, available: true }] : []),
    ...staff.map((a) => ({ _id: a.id, name: a.name, role: 'agent' as const, available: a.available })),
  ];
}

/** The signed-in teammate's name (a note's author, a notification's actor). */
export async function actorName(ctx: AppContext, actor: Actor): Promise<string> {
  const [row] = actor.agentId
    ? await ctx.db
        .select({ name: agents.name })
        .from(agents)
        .where(and(eq(agents.id, actor.agentId), eq(agents.ownerId, actor.ownerId)))
        .limit(1)
    : await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, actor.ownerId)).limit(1);
  return row?.name ?? '';
}

/**
 * POST /chat/{id}/note: a private note of the team in the chat's timeline (issue 21). It is a
 * message of kind 'note': never handed to a connector (no send job), never the chat's last message,
 * never unread. Every teammate may write one (the owner, any agent); each @mentioned teammate (of this
 * tenant only) but the author is notified.
 */
export async function addNote(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  body: { text: string; mentions: string[] },
): Promise<Message> {
  const chat = await requireChat(ctx, actor, chatId);
  const mentioned = [...new Set(body.mentions)];
  const team = await listTeammates(ctx, actor);
  if (mentioned.some((id) => !team.some((member) => member._id === id)))
    throw new AppError('VALIDATION', M.mentionUnknown, { mentions: M.mentionUnknown });
  const author = await actorName(ctx, actor);
  const now = ctx.clock.now();
  const self = recipientOf(actor);
  const preview = body.text.trim().slice(0, 140);
  const { row, stored } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        ownerId: actor.ownerId,
        chatId: chat._id,
        accountId: chat.accountId,
        type: 'text',
        text: body.text,
        isFromMe: true,
        status: 'sent',
        agentId: actor.agentId,
        senderName: author,
        kind: 'note',
        mentions: mentioned,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const recipients = mentioned.filter((id) => id !== self);
    const stored = await storeNotifications(
      ctx,
      tx,
      recipients.map((recipientId) => ({
        ownerId: actor.ownerId,
        recipientId,
        kind: 'mention' as const,
        chatId: chat._id,
        messageId: row!.id,
        actorName: author,
        text: preview,
      })),
    );
    return {
      row: row!,
      stored: stored.map((notification, i) => ({ recipientId: recipients[i]!, notification })),
    };
  });
  const message = await messageView(ctx.db, row);
  await publishChatEvent(ctx, actor.ownerId, chat._id, 'message.created', message);
  publishNotifications(ctx, actor.ownerId, stored);
  return message;
}

/**
 * GET /chat/{id}/related: the same contact's chats on the tenant's other numbers (same phone),
 * newest first, at most 50. The contact trigram index finds them (no scan of the tenant's chats).
 */
export async function relatedChats(ctx: AppContext, actor: Actor, chatId: string): Promise<Chat[]> {
  const chat = await requireChat(ctx, actor, chatId);
  const phone = chat.contact.phoneNumber;
  if (!/^\d{5,}$/.test(phone)) return [];
  const rows = await selectChats(ctx.db)
    .where(
      and(
        eq(chats.ownerId, actor.ownerId),
        sql`(${chats.contactName} || ' ' || ${chats.contactPhone}) ilike ${`%${phone}%`}`,
        eq(chats.contactPhone, phone),
        ne(chats.id, chat._id),
      ),
    )
    .orderBy(...listOrder())
    .limit(50);
  return attachLabels(ctx.db, actor.ownerId, rows.map(toChat));
}
