import type { Broadcast, Paged, PublicBroadcastInput, PublicationState } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import {
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  pauseBroadcast,
  resumeBroadcast,
  stopBroadcast,
} from '../publication/broadcast/service';
import type { ApiCaller } from './auth';

/*
 * Broadcasts through the public API, through the broadcast module's own operations (the same checks,
 * recipients, opt-outs, pacing and dispatch job as the app's). A token's broadcasts are those sent
 * from its number alone: another number's, or one the owner sent from several numbers in the app,
 * is 404, as if it did not exist.
 */

const scopeOf = (caller: ApiCaller) => ({ soleSender: caller.account.id });

/**
 * POST /api/v1/broadcasts: from the token's number, to the groups and numbers given. A refusal about
 * the sender (a WhatsApp Cloud API number, a number that is not WhatsApp) names no field: the body has
 * none for it.
 */
export async function startBroadcast(
  ctx: AppContext,
  caller: ApiCaller,
  input: PublicBroadcastInput,
): Promise<Broadcast> {
  const { phoneNumbers, ...rest } = input;
  try {
    return await createBroadcast(ctx, caller.actor, {
      ...rest,
      accountIds: [caller.account.id],
      // the app's pasted numbers, one a line (each already normalised to digits)
      phoneNumbers: phoneNumbers.join('\n'),
    });
  } catch (error) {
    if (error instanceof AppError && error.fields?.accountIds) {
      throw new AppError(error.code, error.message, undefined, error.headers);
    }
    throw error;
  }
}

/** GET /api/v1/broadcasts: the number's, newest first. */
export async function listNumberBroadcasts(
  ctx: AppContext,
  caller: ApiCaller,
  query: { page: number; limit: number; q?: string | undefined; state?: PublicationState | undefined },
): Promise<Paged<Broadcast>> {
  return listBroadcasts(
    ctx,
    caller.actor,
    { page: query.page, limit: query.limit, search: query.q, state: query.state },
    scopeOf(caller),
  );
}

/** GET /api/v1/broadcasts/{id}: its state and counts; another number's is 404. */
export async function readNumberBroadcast(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
): Promise<Broadcast> {
  return getBroadcast(ctx, caller.actor, id, scopeOf(caller));
}

const ACTIONS = { pause: pauseBroadcast, resume: resumeBroadcast, stop: stopBroadcast } as const;
export type BroadcastAction = keyof typeof ACTIONS;

/** POST /api/v1/broadcasts/{id}/pause, /resume, /stop: the number's broadcast only (else 404). */
export async function actOnNumberBroadcast(
  ctx: AppContext,
  caller: ApiCaller,
  id: string,
  action: BroadcastAction,
): Promise<Broadcast> {
  await getBroadcast(ctx, caller.actor, id, scopeOf(caller));
  return ACTIONS[action](ctx, caller.actor, id);
}
