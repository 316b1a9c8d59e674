import { INTEGRATION_MESSAGES, interpolate, replyWindow, t, type Chat } from '@sapa/contracts';
import { AppError } from '../../lib/errors';

/**
 * Whether a reply may go out in this chat now (issue 25, spec §4): Instagram, Messenger and the
 * WhatsApp Cloud API close 24 hours (168 for a Page with Human Agent) after the contact's last
 * message; then only an approved template may go out on the Cloud API, and nothing elsewhere until
 * the contact writes again. Null when it may, else the refusal.
 */
export function windowRefusal(chat: Chat, now: number, withTemplate: boolean): AppError | null {
  const window = replyWindow(chat, now);
  if (window.state !== 'closed') return null;
  if (window.templateOnly) {
    return withTemplate ? null : new AppError('FORBIDDEN', INTEGRATION_MESSAGES.templateRequired);
  }
  if (chat.account.type === 'instagram') return new AppError('FORBIDDEN', t('chat.instagramWindow'));
  return new AppError(
    'FORBIDDEN',
    interpolate(INTEGRATION_MESSAGES.windowClosedMessenger, { hours: chat.account.replyWindowHours ?? 24 }),
  );
}
