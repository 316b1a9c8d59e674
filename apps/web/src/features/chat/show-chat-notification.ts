import { MESSAGE_TYPE_NAMES, type Chat, type Message } from '@sapa/contracts';
import { DEFAULT_IMAGE } from '../../components/app-image';
import { CHAT_STRINGS } from './chat-strings';

/**
 * spec §7 'Realtime': a browser notification for a message from someone else: the contact's name
 * (fallback 'Pengirim'), the text or the type's name, the contact's picture or the default avatar.
 * Only with permission; clicking it brings the tab forward on that chat.
 */
export function showChatNotification(
  message: Message,
  chat: Chat | undefined,
  onOpen: (chatId: string) => void,
): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const title = chat?.contact.name.trim() || CHAT_STRINGS.notificationFallbackTitle;
  const body = message.text.trim() || MESSAGE_TYPE_NAMES[message.type];
  const icon = chat?.senderPicture || new URL(DEFAULT_IMAGE, window.location.origin).href;
  try {
    const notification = new Notification(title, { body, icon, tag: `chat-${message.chatId}` });
    notification.onclick = () => {
      window.focus();
      onOpen(message.chatId);
      notification.close();
    };
  } catch (error) {
    // Some browsers only allow notifications from a service worker.
    console.error('[realtime] notification failed', error);
  }
}
