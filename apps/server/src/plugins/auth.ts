import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import { forgetSessions, resolveSession, type AuthContext, type SessionKind } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The session token: the spec's `token` header, or `Authorization: Bearer`. */
export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  return null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  // Revocations from any process clear this process's session cache.
  const off = ctx.bus.subscribe((message) => {
    if (message.kind !== 'revoke') return;
    if (message.sessionId) forgetSessions(ctx, { sessionId: message.sessionId });
    // the kept session of a revoke-all simply re-validates on its next request
    if (message.subject)
      forgetSessions(ctx, { kind: message.subject.kind, subjectId: message.subject.subjectId });
    if (message.ownerId) forgetSessions(ctx, { ownerId: message.ownerId });
  });
  app.addHook('onClose', async () => off());
}

/** A preHandler that admits only sessions of the given kinds. */
export function requireSession(ctx: AppContext, kinds: SessionKind[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = tokenFrom(request);
    const auth = token ? await resolveSession(ctx, token) : null;
    if (!auth) throw new AppError('UNAUTHORIZED');
    if (!kinds.includes(auth.kind)) {
      throw new AppError(kinds.length === 1 && kinds[0] === 'user' ? 'OWNER_ONLY' : 'FORBIDDEN');
    }
    request.auth = auth;
  };
}

/**
 * A preHandler for the owner's writes: any member's session is resolved (401 without one), then an
 * agent gets 403 OWNER_ONLY, with the module's own message when given.
 */
export function ownerOnly(ctx: AppContext, message?: string): preHandlerAsyncHookHandler {
  const member = requireSession(ctx, ['user', 'agent']);
  return async function (request, reply) {
    await member.call(this, request, reply);
    if (request.auth?.kind !== 'user') throw new AppError('OWNER_ONLY', message);
  };
}

/** The authenticated caller; only valid behind requireSession. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}
