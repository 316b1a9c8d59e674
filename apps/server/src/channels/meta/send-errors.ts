import { INTEGRATION_MESSAGES as M, interpolate } from '@sapa/contracts';
import { PermanentSendError } from '../connector';
import { GraphError, GraphUnreachable } from './graph';

/** What a refused Send API call means for the message (channels reference §2.4). */
export interface SendFailure {
  /** the error the send job sees: PermanentSendError (the message fails) or Error (retried) */
  error: Error;
  /** Meta refused the Page token (190): the account must be linked again */
  tokenInvalid: boolean;
}

const RETRYABLE_CODES = new Set([1, 2]);

/**
 * Maps a Graph failure of a send onto the message's outcome, in Indonesian (the message's
 * errorMessage): outside the reply window (10 / 2018278), the person unavailable (551), a bad
 * parameter (100) and a refused token (190) fail the message for good; rate limits (4, 32, 613...),
 * Meta's temporary errors (1, 2, a 5xx) and no answer at all are retried by the send job. Meta's own
 * English message is never shown (nor logged with the token): the code says enough.
 */
export function sendFailureOf(error: unknown): SendFailure {
  if (error instanceof PermanentSendError) return { error, tokenInvalid: false };
  if (error instanceof GraphUnreachable) return { error: new Error(M.metaUnreachable), tokenInvalid: false };
  if (!(error instanceof GraphError)) {
    return { error: error instanceof Error ? error : new Error(String(error)), tokenInvalid: false };
  }
  if (error.tokenInvalid)
    return { error: new PermanentSendError(M['send.tokenInvalid']), tokenInvalid: true };
  if (error.rateLimited) return { error: new Error(M['send.rateLimited']), tokenInvalid: false };
  if (error.code === 10 || error.subcode === 2018278)
    return { error: new PermanentSendError(M['send.outsideWindow']), tokenInvalid: false };
  if (error.code === 551 || error.subcode === 2018001 || error.subcode === 1545041)
    return { error: new PermanentSendError(M['send.userUnavailable']), tokenInvalid: false };
  const reason = `kode ${error.code}${error.subcode ? `/${error.subcode}` : ''}`;
  if (RETRYABLE_CODES.has(error.code) || error.status >= 500)
    return { error: new Error(interpolate(M['send.failed'], { reason })), tokenInvalid: false };
  if (error.code === 100)
    return { error: new PermanentSendError(M['send.badParameter']), tokenInvalid: false };
  return { error: new PermanentSendError(interpolate(M['send.failed'], { reason })), tokenInvalid: false };
}
