import { t, WEB_MESSAGES } from '@sapa/contracts';
import { ApiError } from '../../lib/api-error';

/** The server's own message, or the spec's fallback (spec §8 'Send failure'). */
export function sendFailureMessage(error: unknown): string {
  const fromServer =
    error instanceof ApiError && error.status > 0 && error.message !== WEB_MESSAGES.unexpectedError;
  return fromServer ? error.message : t('chat.sendFailedFallback');
}
