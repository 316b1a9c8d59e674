import {
  chatListQuery,
  PUBLIC_API_MESSAGES,
  t,
  temporaryId,
  type Message,
  type NumbersCheckResult,
  type PublicSendMessageInput,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { listChats } from '../chat/list';
import { listMessages, requireChat } from '../chat/messages';
import { sendToPhone } from '../chat/new-chat';
import { chatPageBody } from '../chat/serialize';
import type { ApiCaller } from './auth';

/**
 * POST /api/v1/messages: from the caller's number to `to`, through the chat module's own send (the
 * chat with that number found or opened, then every check of a reply in the inbox: subscription,
 * the channel's window and rules, content, quoting within that chat; the same send job and pacing).
 */
export async function sendFromNumber(
  ctx: AppContext,
  caller: ApiCaller,
  input: PublicSendMessageInput,
  temporary: string = temporaryId(),
): Promise<Message> {
  const { to, ...content } = input;
  const { message } = await sendToPhone(ctx, caller.actor, caller.account.id, to, {
    ...content,
    temporaryId: temporary,
  });
  return message;
}

/** GET /api/v1/chats: the number's chats (every state), newest last message first, as JSON text. */
export async function listNumberChats(
  ctx: AppContext,
  caller: ApiCaller,
  query: { page: number; limit: number },
): Promise<string> {
  const page = await listChats(
    ctx,
    caller.actor,
    chatListQuery.parse({ ...query, accountIds: [caller.account.id], state: 'all' }),
  );
  return chatPageBody(page);
}

/**
 * GET /api/v1/chats/{id}/messages: a chat of this number only. Another number's chat (of the same
 * owner or not) answers the same 404 as no chat at all.
 */
export async function listNumberMessages(
  ctx: AppContext,
  caller: ApiCaller,
  chatId: string,
  query: { page: number; limit: number },
): Promise<string> {
  const chat = await requireChat(ctx, caller.actor, chatId);
  if (chat.accountId !== caller.account.id) throw new AppError('NOT_FOUND', t('chat.notFound'));
  return listMessages(ctx, caller.actor, chatId, query.page, query.limit);
}

/**
 * POST /api/v1/numbers/check: which numbers have WhatsApp, asked through the number's channel
 * (WhatsApp Web's onWhatsApp; the sandbox says numbers ending in 0000 do not). A channel that cannot
 * tell is 400; a number whose socket is not here (not connected) is 503.
 */
export async function checkNumbers(
  ctx: AppContext,
  caller: ApiCaller,
  phones: string[],
): Promise<NumbersCheckResult> {
  const connector = ctx.connectors.get(caller.account.provider);
  if (!connector?.checkNumbers) throw new AppError('VALIDATION', PUBLIC_API_MESSAGES.checkUnsupported);
  let found: Map<string, boolean>;
  try {
    found = await connector.checkNumbers(caller.account, [...new Set(phones)]);
  } catch (err) {
    ctx.log.warn({ err, accountId: caller.account.id }, 'public api number check failed');
    throw new AppError('UNAVAILABLE', PUBLIC_API_MESSAGES.checkUnavailable);
  }
  return phones.map((phone) => ({ phone, exists: found.get(phone) === true }));
}
