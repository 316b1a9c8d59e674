import type { Message, RealtimeType } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { loadChat } from './serialize';

/** Publishes a realtime event for a chat (after commit), with the chat as it is now. */
export async function publishChatEvent(
  ctx: AppContext,
  ownerId: string,
  chatId: string,
  type: RealtimeType,
  message: Message | null = null,
): Promise<void> {
  const chat = await loadChat(ctx.db, ownerId, chatId);
  if (!chat) return;
  ctx.bus.publish({ kind: 'tenant', ownerId, event: { type, chat, message } });
}
