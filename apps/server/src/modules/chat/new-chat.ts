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
import { accounts, agents, chats } from '../../db/schema';
import { coalescer, perDatabase } from '../../lib/coalesce';
import { AppError } from '../../lib/errors';
import { getAccount } from '../account/service';
import type { Actor } from '../auth/actor';
import { refuseUnsendable, requireChat, sendMessage } from './messages';
import { chatFromJson, chatJsonColumns, type ChatJsonRow } from './serialize';

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
  // asked beside the chat's opening and reading (sendMessage awaits it where it would ask)
  const check = refuseUnsendable(ctx, accountId, actor.ownerId);
  check.catch(() => undefined);
  const open = () =>
    chatOpener(ctx.db)({
      id: randomUUID(),
      ownerId: actor.ownerId,
      accountId,
      phoneNumber,
      agentId: actor.agentId,
      now: ctx.clock.now(),
    });
  let found = await open();
  // none only when another call opened the chat after this statement began: it is there now
  if (!found.chat) found = await open();
  const { chat, opened } = found;
  if (!chat) throw new AppError('INTERNAL');
  const chatId = chat._id;
  try {
    const message = await sendMessage(ctx, actor, chatId, input, { chat, sendable: { accountId, check } });
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

type OpenChatKey = {
  id: string;
  ownerId: string;
  accountId: string;
  phoneNumber: string;
  agentId: string | null;
  now: Date;
};
/** The chat opened or found, as loadChat reads it; none (null) when another call opened it meanwhile. */
type OpenedChat = { chat: Chat | null; opened: boolean };

/**
 * The chat of an account with a phone number, opened when there is none, in one statement (the
 * public API's every send): `opened` when this call inserted it. An existing chat is only read, not
 * written (an upsert's update would rewrite the row and every index of it for nothing). Concurrent
 * calls go as one statement (lib/coalesce.ts); both statements are built once per database, the
 * single one as a named prepared statement like the inbox list (list.ts).
 */
const chatOpener = perDatabase((db: Db) =>
  coalescer<OpenChatKey, OpenedChat>(
    (keys) => openChats(db, keys),
    async (key) => (await openChats(db, [key]))[0]!,
  ),
);

/**
 * Many calls' chats in one statement: each number's chat inserted once (the first call asking for
 * it opens it; another call of the batch for the same number gets it, not opened), else the one
 * there - none (id null) when another statement opened it since this one began, as below.
 */
async function openChats(db: Db, keys: readonly OpenChatKey[]): Promise<OpenedChat[]> {
  const column = <T>(pick: (key: OpenChatKey) => T) => sql.param(keys.map(pick));
  const { rows } = (await db.execute(sql`
    with asked as (
      select * from unnest(${column((k) => k.id)}::text[], ${column((k) => k.ownerId)}::text[],
        ${column((k) => k.accountId)}::text[], ${column((k) => k.phoneNumber)}::text[],
        ${column((k) => k.agentId)}::text[], ${column((k) => k.now.toISOString())}::timestamptz[])
        with ordinality as a(id, owner_id, account_id, phone, agent_id, now, n)
    ), inserted as (
      insert into ${chats} (id, owner_id, account_id, external_id, contact_name, contact_phone, agent_id,
        created_at, updated_at)
      select distinct on (account_id, phone) id, owner_id, account_id, phone, phone, phone, agent_id, now, now
      from asked order by account_id, phone, n
      on conflict (account_id, external_id) do nothing
      returning *
    )
    select asked.n, c.id is not null and c.id = asked.id as opened, ${chatJsonColumns}
    from asked
    left join lateral (
      select i.* from inserted i
      where i.account_id = asked.account_id and i.external_id = asked.phone and i.owner_id = asked.owner_id
      union all
      select e.* from ${chats} e
      where e.account_id = asked.account_id and e.external_id = asked.phone and e.owner_id = asked.owner_id
      limit 1
    ) c on true
    left join ${accounts} a on a.id = c.account_id
    left join ${agents} g on g.id = c.agent_id
    order by asked.n`)) as unknown as { rows: (ChatJsonRow & { opened: boolean })[] };
  return rows.map((row) => ({
    chat: row.chat ? chatFromJson(row) : null,
    opened: row.opened === true,
  }));
}
