import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ATTACHMENT_MESSAGES,
  canQuote,
  canReply,
  channelRefusal,
  INTEGRATION_MESSAGES,
  t,
  WHATSAPP_MESSAGES,
  type Chat,
  type Message,
  type SendMessageInput,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, chats, messages, users } from '../../db/schema';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { publishChatEvent } from './publish';
import { resolveContent, type ResolvedContent } from './content';
import { templateToSend } from '../../channels/whatsapp-cloud/templates';
import { loadChat } from './serialize';
import { EMPTY_MESSAGE_PAGE, messagePageJson } from './message-list';
import { storeOutbound } from './outbound';
import { textLimitRefusal, windowRefusal } from './reply-window';
import { sendingRefusalOf } from '../billing/subscription';

/** The chat of this tenant, or NOT_FOUND (never another tenant's). */
export async function requireChat(ctx: AppContext, actor: Actor, chatId: string): Promise<Chat> {
  const chat = await loadChat(ctx.db, actor.ownerId, chatId);
  if (!chat) throw new AppError('NOT_FOUND', t('chat.notFound'));
  return chat;
}

/**
 * GET /chat/{id}/message: page 1 is the newest 20, each page returned oldest first, as the JSON text
 * of `{docs, hasNextPage}` (message-list.ts: written by PostgreSQL, sent as it is). One statement
 * when the page has messages (they are the tenant's, so the chat is); an empty page asks whether the
 * chat is the tenant's at all.
 */
export async function listMessages(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  page: number,
  limit: number,
): Promise<string> {
  const body = await messagePageJson(ctx.db, actor.ownerId, chatId, page, limit);
  if (body !== null) return body;
  await requireChat(ctx, actor, chatId);
  return EMPTY_MESSAGE_PAGE;
}

/**
 * POST /chat/{id}/message: checks who may reply and the channel's rules of spec §5, then stores the
 * message as pending with its send job (`storeOutbound`, idempotent on temporaryId). Files must have
 * been uploaded first.
 */
export async function sendMessage(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  input: SendMessageInput,
  /**
   * What sendToPhone already has: the chat as it just read it (opening it), and refuseUnsendable of
   * its account already asked (it knows the account before the chat, so both reads go at once),
   * awaited where the check would run, so the refusals keep their order.
   */
  known: { chat?: Chat; sendable?: { accountId: string; check: Promise<void> } } = {},
): Promise<Message> {
  const { sendable } = known;
  const chat = known.chat?._id === chatId ? known.chat : await requireChat(ctx, actor, chatId);
  if (!canReply(actor, chat)) throw new AppError('FORBIDDEN');
  if (sendable?.accountId === chat.accountId) await sendable.check;
  else await refuseUnsendable(ctx, chat.accountId, actor.ownerId);
  const closed = windowRefusal(chat, ctx.clock.now().getTime(), input.template !== undefined);
  if (closed) throw closed;
  const refusal = channelRefusal(chat.account.type, input.type);
  if (refusal) throw new AppError('VALIDATION', refusal);
  const tooLong = textLimitRefusal(chat, input.text ?? '');
  if (tooLong) throw tooLong;
  let content: ResolvedContent;
  let channelExtra: Record<string, unknown> | null = null;
  if (input.template) {
    // issue 25: an approved template of the chat's Cloud API number, its body filled in as the text
    if (chat.account.provider !== 'whatsapp-cloud')
      throw new AppError('VALIDATION', INTEGRATION_MESSAGES.cloudOnly);
    const { text, template } = await templateToSend(ctx, chat.accountId, input.template);
    content = { type: 'text', text, media: null };
    channelExtra = { template };
  } else {
    content = await resolveContent(ctx.db, actor.ownerId, input);
  }
  let quoted: typeof messages.$inferSelect | null = null;
  if (input.quotedMessageId) {
    if (!canQuote(chat.account.type)) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.replyWhatsappOnly);
    [quoted = null] = await ctx.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.id, input.quotedMessageId),
          eq(messages.chatId, chatId),
          eq(messages.ownerId, actor.ownerId),
        ),
      )
      .limit(1);
    if (!quoted) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.quotedNotFound);
  }
  const { message } = await storeOutbound(ctx, {
    ownerId: actor.ownerId,
    chatId,
    accountId: chat.accountId,
    temporaryId: input.temporaryId,
    ...content,
    quoted,
    agentId: actor.agentId,
    channelExtra,
    provider: chat.account.provider,
  });
  return message;
}

/**
 * What stops any send before the chat's own rules, in one statement: a deleted account (its chats stay
 * readable, but nothing is sent through it any more), then the owner's (sendingRefusalOf: disabled,
 * or no subscription running).
 */
export async function refuseUnsendable(ctx: AppContext, accountId: string, ownerId: string): Promise<void> {
  const row = await sendableLoader(ctx.db)({ accountId, ownerId });
  if (!row || row.deletedAt) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.accountDeleted);
  const refusal = sendingRefusalOf(row, ctx.clock.now());
  if (refusal) throw refusal;
}

type SendableRow = { deletedAt: Date | null; expiresAt: Date | null; disabledAt: Date | null };

/**
 * refuseUnsendable's read, asked by every send: concurrent sends' reads go as one statement
 * (lib/coalesce.ts). Both statements are built once per database as named prepared statements.
 */
const sendableLoader = perDatabase((db: Db) => {
  const one = sendableQuery(db).prepare('account_sendable');
  const many = sendablesQuery(db).prepare('accounts_sendable');
  return coalescer<{ accountId: string; ownerId: string }, SendableRow | null>(
    async (keys) => {
      const rows = await many.execute({
        accountIds: keys.map((k) => k.accountId),
        ownerIds: keys.map((k) => k.ownerId),
      });
      const byKey = new Map(rows.map(({ accountId, ownerId, ...row }) => [`${accountId} ${ownerId}`, row]));
      return keys.map((k) => byKey.get(`${k.accountId} ${k.ownerId}`) ?? null);
    },
    async (key) => (await one.execute(key))[0] ?? null,
  );
});

const sendableQuery = (db: Db) =>
  db
    .select({
      deletedAt: accounts.deletedAt,
      expiresAt: users.subscriptionExpiresAt,
      disabledAt: users.disabledAt,
    })
    .from(accounts)
    .leftJoin(users, eq(users.id, sql.placeholder('ownerId')))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1);
const asked = sql`unnest(${sql.placeholder('accountIds')}::text[], ${sql.placeholder('ownerIds')}::text[]) as asked(account_id, owner_id)`;
const sendablesQuery = (db: Db) =>
  db
    .selectDistinct({
      accountId: sql<string>`asked.account_id`,
      ownerId: sql<string>`asked.owner_id`,
      deletedAt: accounts.deletedAt,
      expiresAt: users.subscriptionExpiresAt,
      disabledAt: users.disabledAt,
    })
    .from(asked)
    .innerJoin(accounts, sql`${accounts.id} = asked.account_id`)
    .leftJoin(users, sql`${users.id} = asked.owner_id`);

/** POST /chat/{id}/message/read: unread to 0, inbound messages read, read receipts to the channel. */
export async function markChatRead(ctx: AppContext, actor: Actor, chatId: string): Promise<void> {
  await requireChat(ctx, actor, chatId);
  const now = ctx.clock.now();
  const unread = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ status: 'read', updatedAt: now })
      .where(and(eq(messages.chatId, chatId), eq(messages.isFromMe, false), ne(messages.status, 'read')))
      .returning({ externalId: messages.externalId });
    await tx
      .update(chats)
      .set({ unreadCount: 0 })
      .where(and(eq(chats.id, chatId), eq(chats.ownerId, actor.ownerId)));
    return rows.map((r) => r.externalId).filter((id): id is string => !!id);
  });
  await publishChatEvent(ctx, actor.ownerId, chatId, 'chat.updated');
  if (!unread.length) return;
  const [row] = await ctx.db
    .select({ account: accounts, chat: chats })
    .from(chats)
    .innerJoin(accounts, eq(accounts.id, chats.accountId))
    .where(eq(chats.id, chatId))
    .limit(1);
  const connector = row && ctx.connectors.get(row.account.provider);
  if (row && connector) {
    connector
      .markRead(row.account, row.chat, unread)
      .catch((err: unknown) => ctx.log.warn({ err }, 'read receipt failed'));
  }
}
