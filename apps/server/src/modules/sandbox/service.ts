import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { t, type SandboxConversation, type SandboxInboundBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, chats, messages, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ingestInbound, type IngestResult } from '../chat/ingest';
import { applyStatus } from '../chat/receipts';

async function sandboxAccount(ctx: AppContext, accountId: string) {
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.provider, 'sandbox')))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND', t('chat.accountNotFound'));
  return account;
}

/** The sandbox accounts the simulator can pick from. */
export async function listSandboxAccounts(ctx: AppContext) {
  const rows = await ctx.db
    .select({ account: accounts, ownerName: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerId))
    .where(eq(accounts.provider, 'sandbox'))
    .orderBy(desc(accounts.createdAt))
    .limit(200);
  return {
    docs: rows.map((r) => ({
      _id: r.account.id,
      label: { name: r.account.labelName, phoneNumber: r.account.phoneNumber },
      ownerName: r.ownerName,
    })),
  };
}

/** A message from the simulated customer, through the same ingest as every channel. */
export async function sandboxInbound(ctx: AppContext, body: SandboxInboundBody): Promise<IngestResult> {
  const account = await sandboxAccount(ctx, body.accountId);
  return ingestInbound(ctx, {
    accountId: account.id,
    externalId: `sbx_in_${randomUUID()}`,
    contact: { externalId: body.phoneNumber, name: body.name, phone: body.phoneNumber },
    type: 'text',
    text: body.text,
    sentAt: ctx.clock.now(),
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
  accountId: string,
  phone: string,
): Promise<SandboxConversation> {
  await sandboxAccount(ctx, accountId);
  const chat = await findChat(ctx, accountId, phone);
  if (!chat) return { chatId: null, messages: [] };
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chat.id))
    .orderBy(desc(messages.createdAt), desc(messages.seq))
    .limit(200);
  return {
    chatId: chat.id,
    messages: rows.reverse().map((m) => ({
      _id: m.id,
      text: m.text,
      isFromMe: m.isFromMe,
      status: m.status as SandboxConversation['messages'][number]['status'],
      createdAt: m.createdAt.toISOString(),
    })),
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
