import { WHATSAPP_MESSAGES as M } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';
import { startChat } from '../chat/new-chat';
import { getWhatsappAccount } from './service';

/**
 * POST /account/whatsapp/{id}/test: a text to a number through the normal send
 * path (chat opened or reused, shown in the inbox, paced by the connector).
 */
export async function sendTestMessage(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { phoneNumber: string; text: string },
): Promise<{ chatId: string }> {
  const account = await getWhatsappAccount(ctx, actor, id);
  if (account.status !== 'connected') throw new AppError('CONFLICT', M.notConnected);
  const chat = await startChat(ctx, actor, {
    accountId: id,
    phoneNumber: body.phoneNumber,
    text: body.text,
  });
  return { chatId: chat._id };
}
