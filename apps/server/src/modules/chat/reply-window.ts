import { INTEGRATION_MESSAGES, interpolate, replyWindow, t, type Chat } from '@sapa/contracts';
import { AppError } from '../../lib/errors';

/**
 * What Meta's Send API takes in one text (channels reference §2.4): 1,000 characters on Instagram and
 * 2,000 on Messenger; longer ones are refused there, so they are refused here with the limit named.
 */
const META_TEXT_LIMITS: Record<string, { channel: string; max: number }> = {
  instagram: { channel: 'Instagram', max: 1000 },
  messenger: { channel: 'Messenger', max: 2000 },
};

/** A text too long for the chat's Meta channel (Messenger, Instagram through a Page), or null. */
export function textLimitRefusal(chat: Chat, text: string): AppError | null {
  const limit = chat.account.provider === 'meta' ? META_TEXT_LIMITS[chat.account.type] : undefined;
  if (!limit || [...text].length <= limit.max) return null;
  return new AppError('VALIDATION', interpolate(INTEGRATION_MESSAGES.textTooLong, limit), {
    text: interpolate(INTEGRATION_MESSAGES.textTooLong, limit),
  });
}

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
