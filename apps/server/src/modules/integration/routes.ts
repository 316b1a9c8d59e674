import type { FastifyInstance } from 'fastify';
import {
  metaCallbackBody,
  metaCallbackResponse,
  metaIntegrationInfo,
  metaLoginBody,
  metaLoginResponse,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { metaIntegrationInfo as infoOf } from './info';
import { finishMetaCallback } from './meta-link';
import { startMetaLogin } from './meta-login';

/**
 * /api/integration/meta (issue 25 parts 1-2): whether the operator set up the Meta app, and linking
 * Messenger Pages and Instagram accounts through Facebook's dialog (the owner only).
 */
export function integrationRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: ownerOnly(ctx) };

    app.get(
      '/integration/meta',
      { ...member, schema: { response: { 200: metaIntegrationInfo } } },
      async () => infoOf(ctx),
    );

    app.post(
      '/integration/meta/login',
      { ...owner, schema: { body: metaLoginBody, response: { 200: metaLoginResponse } } },
      async (request) => startMetaLogin(ctx, authOf(request), parseInput(metaLoginBody, request.body).kind),
    );

    app.post(
      '/integration/meta/callback',
      { ...owner, schema: { body: metaCallbackBody, response: { 200: metaCallbackResponse } } },
      async (request) => finishMetaCallback(ctx, authOf(request), parseInput(metaCallbackBody, request.body)),
    );
  };
}
