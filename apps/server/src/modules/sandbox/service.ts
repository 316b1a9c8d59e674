import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type AccountType,
  type MessageStatus,
  type SandboxConversation,
  type SandboxInboundInput,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, chats, messages, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { applyStatus, ingestInbound, type IngestResult } from '../chat/kernel';
import { resolveContent } from '../chat/content';
import { toMessage } from '../chat/serialize';
import { sandboxAccountFor, type SandboxAccess } from './access';

/** The sandbox accounts the simulator can pick from: the owner's own (or the link's one account). */
export async function listSandboxAccounts(ctx: AppContext, access: SandboxAccess) {
  const rows = await ctx.db
    .select({ account: accounts, ownerName: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(
      and(
        eq(accounts.provider, 'sandbox'),
        eq(accounts.ownerId, access.ownerId),
        access.via === 'link' ? eq(accounts.id, access.accountId) : undefined,
        isNull(accounts.deletedAt),
      ),
    )
    .orderBy(desc(accounts.createdAt))
    .limit(200);
  return {
    docs: rows.map((r) => ({
      _id: r.account.id,
      type: r.account.type,
      label: { name: r.account.labelName, phoneNumber: r.account.phoneNumber },
      ownerName: r.ownerName,
    })),
  };
}

const CHANNEL_NAMES: Record<AccountType, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
};

/**
 * Another sandbox account for the owner of `accountId` on the given channel, so Instagram's and
 * Messenger's rules can be tried without a page; one per channel (asking again returns it).
 */
export async function createSandboxChannel(
  ctx: AppContext,
  access: SandboxAccess,
  input: { accountId: string; type: AccountType },
): Promise<{ _id: string; type: AccountType; label: { name: string; phoneNumber: string } }> {
  // a link opens one account; adding the owner's channels takes the owner's session
  if (access.via !== 'session') throw new AppError('OWNER_ONLY');
  const base = await sandboxAccountFor(ctx, access, input.accountId);
  const [existing] = await ctx.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.ownerId, base.ownerId),
        eq(accounts.provider, 'sandbox'),
        eq(accounts.type, input.type),
        isNull(accounts.deletedAt),
      ),
    )
    .limit(1);
  const row =
    existing ??
    (
      await ctx.db
        .insert(accounts)
        .values({
          ownerId: base.ownerId,
          type: input.type,
          provider: 'sandbox',
          labelName: `Sandbox ${CHANNEL_NAMES[input.type]}`,
          phoneNumber: input.type === 'whatsapp' ? base.phoneNumber : '',
          status: 'connected',
        })
        .returning()
    )[0];
  if (!row) throw new AppError('INTERNAL');
  return { _id: row.id, type: row.type, label: { name: row.labelName, phoneNumber: row.phoneNumber } };
}

/**
 * A message from the simulated customer, through the same ingest as every channel. Files were
 * uploaded through the simulator first; `quotedMessageId` is a message of this conversation.
 */
export async function sandboxInbound(
  ctx: AppContext,
  access: SandboxAccess,
  body: SandboxInboundInput,
): Promise<IngestResult> {
  const account = await sandboxAccountFor(ctx, access, body.accountId);
  const content = await resolveContent(ctx.db, account.ownerId, body);
  let quotedExternalId: string | null = null;
  if (body.quotedMessageId) {
    const [quoted] = await ctx.db
      .select({ externalId: messages.externalId })
      .from(messages)
      .where(and(eq(messages.id, body.quotedMessageId), eq(messages.accountId, account.id)))
      .limit(1);
    quotedExternalId = quoted?.externalId ?? null;
  }
  return ingestInbound(ctx, {
    accountId: account.id,
    externalId: `sbx_in_${randomUUID()}`,
    contact: { externalId: body.phoneNumber, name: body.name, phone: body.phoneNumber },
    type: content.type,
    text: content.text,
    media: content.media,
    quotedExternalId,
    // never in the future: a message from 'tomorrow' would pin the chat to the top of the list
    sentAt: body.sentAt
      ? new Date(Math.min(Date.parse(body.sentAt), ctx.clock.now().getTime()))
      : ctx.clock.now(),
  });
}

async function findChat(ctx: AppContext, accountId: string, phone: string) {
  const [chat] = await ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.accountId, accountId), eq(chats.externalId, phone)))
    .limit(1);
  return chat ?? null;
}

/** The conversation as the simulated customer sees it (the last 200 messages). */
export async function sandboxConversation(
  ctx: AppContext,
  access: SandboxAccess,
  accountId: string,
  phone: string,
): Promise<SandboxConversation> {
  await sandboxAccountFor(ctx, access, accountId);
  const chat = await findChat(ctx, accountId, phone);
  if (!chat) return { chatId: null, messages: [] };
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chat.id))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(200);
  const byId = new Map(rows.map((m) => [m.id, m]));
  return {
    chatId: chat.id,
    messages: rows.reverse().map((m) => {
      const view = toMessage(m, null, m.quotedMessageId ? (byId.get(m.quotedMessageId) ?? null) : null);
      const {
        _id,
        type,
        text,
        isFromMe,
        createdAt,
        quoted,
        image,
        video,
        audio,
        document,
        location,
        contact,
        sticker,
      } = view;
      return {
        _id,
        type,
        text,
        isFromMe,
        status: view.status as MessageStatus,
        createdAt,
        quoted,
        ...{ image, video, audio, document, location, contact, sticker },
      };
    }),
  };
}

/** The simulated customer opened the chat: everything the business sent so far is read. */
export async function markBusinessMessagesRead(
  ctx: AppContext,
  accountId: string,
  phone: string,
): Promise<void> {
  const chat = await findChat(ctx, accountId, phone);
  if (!chat) return;
  const rows = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chat.id),
        eq(messages.isFromMe, true),
        inArray(messages.status, ['sent', 'unread']),
      ),
    )
    .orderBy(asc(messages.createdAt));
  for (const row of rows) await applyStatus(ctx, { messageId: row.id }, 'read');
}
