import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminLoginBody,
  adminLoginResponse,
  loginBody,
  loginResponse,
  messageResponse,
  registerBody,
  registerResponse,
  registerVerifyBody,
  resetPasswordBody,
  resetRequestBody,
  t,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import * as auth from './service';
import { revokeSession } from './sessions';

const clientOf = (request: FastifyRequest): auth.ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** /api/auth/*: the only calls a visitor makes without a session (spec §4 exempts them from the 401 rule). */
export function authRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    // The same 202 for a new email and a taken one; the mailed code finishes at /register/verify.
    app.post(
      '/auth/register',
      { schema: { ...publicRoute, body: registerBody, response: { 202: registerResponse } } },
      async (request, reply) => {
        const result = await auth.register(ctx, parse(registerBody, request.body), clientOf(request));
        return reply.code(202).send(result);
      },
    );

    app.post(
      '/auth/register/verify',
      { schema: { ...publicRoute, body: registerVerifyBody, response: { 201: loginResponse } } },
      async (request, reply) => {
        const result = await auth.verifyRegistration(
          ctx,
          parse(registerVerifyBody, request.body),
          clientOf(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/auth/login',
      { schema: { ...publicRoute, body: loginBody, response: { 200: loginResponse } } },
      async (request) => auth.login(ctx, parse(loginBody, request.body), clientOf(request)),
    );

    app.post(
      '/auth/admin/login',
      { schema: { ...publicRoute, body: adminLoginBody, response: { 200: adminLoginResponse } } },
      async (request) => auth.adminLogin(ctx, parse(adminLoginBody, request.body), clientOf(request)),
    );

    app.post(
      '/auth/logout',
      {
        preHandler: requireSession(ctx, ['user', 'agent', 'admin']),
        schema: { response: { 200: messageResponse } },
      },
      async (request) => {
        await revokeSession(ctx, authOf(request).sessionId);
        return { message: t('common.success') };
      },
    );

    app.post(
      '/auth/reset-password/request',
      { schema: { ...publicRoute, body: resetRequestBody, response: { 200: messageResponse } } },
      async (request) => {
        await auth.requestPasswordReset(ctx, parse(resetRequestBody, request.body), clientOf(request));
        return { message: t('auth.resetSent') };
      },
    );

    app.post(
      '/auth/reset-password',
      { schema: { ...publicRoute, body: resetPasswordBody, response: { 200: messageResponse } } },
      async (request) => {
        await auth.resetPassword(ctx, parse(resetPasswordBody, request.body));
        return { message: t('auth.resetDone') };
      },
    );
  };
}
