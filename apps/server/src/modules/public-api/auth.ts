import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PUBLIC_API_MESSAGES } from '@sapa/contracts';
import type { AccountRow } from '../../channels/connector';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { apiTokenHolder } from '../account/service';
import type { Actor } from '../auth/actor';
import { authLimited, clientKey, rateHeaders, rateLimited, type ApiRateLimiter } from './rate-limit';

/** Who calls the public API: one number (account) of one tenant, acting as its owner. */
export interface ApiCaller {
  account: AccountRow;
  /** the owner, never an agent: every query is scoped by this tenant, and by the account besides */
  actor: Actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

const CHALLENGE = { 'www-authenticate': 'Bearer' };

/**
 * The number's API token from `Authorization: Bearer <token>`, nothing else: a session's `token`
 * header is not read, and a session sent as the bearer matches no number's token.
 */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The public API's preHandler:
 *   1. the client address (clientKey of request.ip, TRUST_PROXY honoured) over its budget of invalid
 *      tokens this minute is refused with 429 and Retry-After at once, whatever token it sends - before
 *      any lookup, which is what the budget saves (a valid token cannot be told from an invalid one
 *      without it);
 *   2. the token's number (read on every request, so a reset or a deleted number is refused at once in
 *      every process); a token matching none counts against the address: 401 while within the budget,
 *      429 past it (counted atomically, so a concurrent burst gets exactly the budget's 401s);
 *   3. the number's rate budget, whose headers every answer from here on carries; over it, 429.
 * A missing or malformed Authorization header is 401 without counting: it costs no lookup.
 */
export function publicApiGuard(ctx: AppContext, limiter: ApiRateLimiter): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const client = clientKey(request.ip);
    const blocked = await limiter.clientRefused(client);
    if (blocked) throw authLimited(blocked);
    const token = bearerOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.tokenMissing, undefined, CHALLENGE);
    const holder = await apiTokenHolder(ctx, token);
    if (!holder) {
      const failure = await limiter.failedAuth(client);
      if (failure.retryAfter !== null) throw authLimited(failure);
      throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.tokenInvalid, undefined, CHALLENGE);
    }
    if (holder.ownerDisabled) throw new AppError('FORBIDDEN', PUBLIC_API_MESSAGES.ownerDisabled);
    const verdict = await limiter.hit(holder.account.id);
    if (verdict.retryAfter !== null) throw rateLimited(verdict);
    void reply.headers(rateHeaders(verdict));
    request.apiCaller = {
      account: holder.account,
      actor: { ownerId: holder.account.ownerId, agentId: null },
    };
  };
}

/** The caller of a public API route; only valid behind publicApiGuard. */
export function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.tokenMissing);
  return request.apiCaller;
}
