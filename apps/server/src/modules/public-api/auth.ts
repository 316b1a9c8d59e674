import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PUBLIC_API_MESSAGES } from '@sapa/contracts';
import type { AccountRow } from '../../channels/connector';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { apiTokenHolder } from '../account/service';
import type { Actor } from '../auth/actor';
import { rateHeaders, rateLimited, type ApiRateLimiter } from './rate-limit';

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
 * The public API's preHandler: the token's number (read on every request, so a reset or a deleted
 * number is refused at once in every process), then the number's rate budget, whose headers every
 * answer from here on carries; over the budget, 429 with Retry-After.
 */
export function publicApiGuard(ctx: AppContext, limiter: ApiRateLimiter): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const token = bearerOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.tokenMissing, undefined, CHALLENGE);
    const holder = await apiTokenHolder(ctx, token);
    if (!holder) throw new AppError('UNAUTHORIZED', PUBLIC_API_MESSAGES.tokenInvalid, undefined, CHALLENGE);
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
