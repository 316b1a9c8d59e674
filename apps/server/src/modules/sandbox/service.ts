import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  t,
  type AccountType,
  type MessageStatus,
  type SandboxConversation,
  type SandboxDeleteBody,
  type SandboxInboundInput,
  type SandboxStatusList,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { toSandboxStatus } from '../../channels/sandbox/sandbox-connector';
import { accounts, chats, messages, sandboxStatuses, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { applyStatus, forgetAccount, ingestInbound, revokeMessage, type IngestResult } from '../chat/kernel';
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
      restricted: r.account.sandboxRestricted,
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
): Promise<{
  _id: string;
  type: AccountType;
  label: { name: string; phoneNumber: string };
  restricted: boolean;
}> {
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
          // linked now: bulk sends warm up over its first days like a new number's
          linkedAt: ctx.clock.now(),
        })
        .returning()
    )[0];
  if (!row) throw new AppError('INTERNAL');
  return {
    _id: row.id,
    type: row.type,
    label: { name: row.labelName, phoneNumber: row.phoneNumber },
    restricted: row.sandboxRestricted,
  };
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
    .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.seq} desc nulls last`)
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

/**
 * The simulator's switch 'Batasi nomor (463)': while on, every send of the number fails like a
 * WhatsApp number under a reach-out timelock (channels/sandbox/sandbox-connector.ts).
 */
export async function setSandboxRestricted(
  ctx: AppContext,
  access: SandboxAccess,
  accountId: string,
  restricted: boolean,
): Promise<{ _id: string; restricted: boolean }> {
  const account = await sandboxAccountFor(ctx, access, accountId);
  const [row] = await ctx.db
    .update(accounts)
    .set({ sandboxRestricted: restricted })
    .where(eq(accounts.id, account.id))
    .returning({ id: accounts.id, restricted: accounts.sandboxRestricted });
  if (!row) throw new AppError('NOT_FOUND', t('chat.accountNotFound'));
  forgetAccount(ctx, account.id);
  return { _id: row.id, restricted: row.restricted };
}

/** The statuses the sandbox number posted, newest first (the last 100). */
export async function listSandboxStatuses(
  ctx: AppContext,
  access: SandboxAccess,
  accountId: string,
): Promise<SandboxStatusList> {
  const account = await sandboxAccountFor(ctx, access, accountId);
  const rows = await ctx.db
    .select()
    .from(sandboxStatuses)
    .where(eq(sandboxStatuses.accountId, account.id))
    .orderBy(desc(sandboxStatuses.createdAt), desc(sandboxStatuses.id))
    .limit(100);
  return { docs: rows.map(toSandboxStatus) };
}

/**
 * The simulated customer deletes one of their own messages for everyone, as WhatsApp's revoke: the
 * one named, else their latest one not yet deleted. It goes through the chat kernel's
 * revokeMessage like a WhatsApp Web revoke. A business message is refused; a message of another
 * chat or account is not found. Deleting a deleted message again changes nothing.
 */
export async function sandboxDelete(
  ctx: AppContext,
  access: SandboxAccess,
  body: SandboxDeleteBody,
): Promise<{ chatId: string; messageId: string }> {
  const account = await sandboxAccountFor(ctx, access, body.accountId);
  const chat = await findChat(ctx, account.id, body.phoneNumber);
  if (!chat) throw new AppError('NOT_FOUND', t('sandbox.messageNotFound'));
  const [target] = body.messageId
    ? await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.id, body.messageId), eq(messages.chatId, chat.id)))
        .limit(1)
    : await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chat.id), eq(messages.isFromMe, false), eq(messages.isDeleted, false)))
        .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.seq} desc nulls last`)
        .limit(1);
  if (!target || !target.externalId) throw new AppError('NOT_FOUND', t('sandbox.messageNotFound'));
  if (target.isFromMe) {
    const refusal = t('sandbox.notCustomerMessage');
    throw new AppError('VALIDATION', refusal, { messageId: refusal });
  }
  if (!target.isDeleted) await revokeMessage(ctx, { accountId: account.id, externalId: target.externalId });
  return { chatId: chat.id, messageId: target.id };
}
