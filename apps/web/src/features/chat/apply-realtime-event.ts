import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@sapa/contracts';
import { chatCaches } from '../../resources/chat/chat-caches';

export interface RealtimeContext {
  /** The chat open in the room, if any. */
  openChatId: string | null;
  /** Whether the tab is visible: an open chat seen by the user has nothing unread. */
  visible: boolean;
}

/**
 * Patches the caches with one realtime event (spec §7 'Realtime'): the chat replaces its entry in
 * every list (re-sorted, or dropped when it no longer matches), the message replaces its pending or
 * older copy in the open chat, and a deleted chat leaves everything.
 */
export function applyRealtimeEvent(
  queryClient: QueryClient,
  event: RealtimeEvent,
  context: RealtimeContext,
): void {
  if (event.type === 'chat.deleted') {
    const chatId = event.chat?._id ?? event.message?.chatId;
    if (chatId) chatCaches.dropChat(queryClient, chatId);
    return;
  }
  if (event.chat) {
    const reading = context.visible && event.chat._id === context.openChatId;
    const chat = reading && event.chat.unreadCount > 0 ? { ...event.chat, unreadCount: 0 } : event.chat;
    chatCaches.writeChat(queryClient, chat, context.openChatId);
  }
  if (event.message) chatCaches.writeMessage(queryClient, event.message);
}
