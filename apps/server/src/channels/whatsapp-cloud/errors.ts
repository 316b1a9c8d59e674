import { INTEGRATION_MESSAGES as M, interpolate } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { PermanentSendError } from '../connector';
import { GraphError, GraphUnreachable } from '../meta/graph';
import { markTokenInvalid } from '../meta/link-store';

/** Cloud API error codes whose meaning the owner can act on (channels reference §3.6). */
const CODE_TEXT: Record<number, string> = {
  131047: M['send.cloudWindow'],
  131026: M['send.cloudUndeliverable'],
  131056: M['send.cloudPairRate'],
  130429: M['send.cloudThroughput'],
  // the message itself was refused: a bad parameter, an unsupported type, a template mismatch
  100: M['send.badParameter'],
  131008: M['send.badParameter'],
  131009: M['send.badParameter'],
  131051: M['send.badParameter'],
  131052: M['send.cloudMedia'],
  131053: M['send.cloudMedia'],
  132000: M['send.cloudTemplate'],
  132001: M.templateNotFound,
  132005: M['send.cloudTemplate'],
  132007: M['send.cloudTemplate'],
  132012: M['send.cloudTemplate'],
  132015: M.templateNotFound,
  132016: M.templateNotFound,
  190: M['send.tokenInvalid'],
};

/** Codes a later attempt may get through: the number's or the pair's pace, Meta's passing trouble. */
const PASSING = new Set([130429, 131056, 131000, 131016, 133004, 1, 2]);

/**
 * The Indonesian sentence for a Cloud API error code (a failed send, a 'failed' status), with Meta's
 * own title when the code has none of ours.
 */
export function cloudErrorText(code: number | null | undefined, title?: string | null): string {
  const known = code === null || code === undefined ? undefined : CODE_TEXT[code];
  if (known) return known;
  const reason = [title?.trim() || null, code ? `(${code})` : null].filter(Boolean).join(' ');
  return interpolate(M['send.failed'], { reason: reason || 'tidak diketahui' });
}

/**
 * What a refused send becomes for the send job: a PermanentSendError (never retried) for a message
 * Meta will never take, an Error with the reason (retried) for a passing limit or outage. A refused
 * token marks the link (the card turns red) before failing the message.
 */
export async function sendFailure(ctx: AppContext, accountId: string, error: unknown): Promise<Error> {
  if (error instanceof GraphUnreachable) return new Error(M.metaUnreachable);
  if (!(error instanceof GraphError)) return error instanceof Error ? error : new Error(String(error));
  if (error.tokenInvalid) {
    await markTokenInvalid(ctx, accountId);
    return new PermanentSendError(M['send.tokenInvalid']);
  }
  if (error.rateLimited || PASSING.has(error.code)) {
    return new Error(CODE_TEXT[error.code] ?? M['send.rateLimited']);
  }
  if (error.status >= 500) return new Error(M.metaUnreachable);
  return new PermanentSendError(cloudErrorText(error.code, error.details ?? error.message));
}
