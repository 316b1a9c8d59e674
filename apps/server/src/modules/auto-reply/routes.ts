import type { FastifyInstance } from 'fastify';
import { AUTO_REPLY_MESSAGES as M, autoReplyBody, autoReplySettings, idParams } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { authOf, ownerOnly } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { getAutoReply, saveAutoReply } from './service';

type IdParams = { Params: { id: string } };

/** /api/account/{id}/auto-reply (issue 21): a WhatsApp number's business hours, away message and greeting; owner only. */
export function autoReplyRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };

    app.get<IdParams>(
      '/account/:id/auto-reply',
      { ...owner, schema: { params: idParams, response: { 200: autoReplySettings } } },
      async (request) => getAutoReply(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.put<IdParams>(
      '/account/:id/auto-reply',
      { ...owner, schema: { params: idParams, body: autoReplyBody, response: { 200: autoReplySettings } } },
      async (request) =>
        saveAutoReply(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(autoReplyBody, request.body),
        ),
    );
  };
}
