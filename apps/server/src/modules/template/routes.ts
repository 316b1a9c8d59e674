import type { FastifyInstance } from 'fastify';
import {
  t,
  templateBody,
  templateListQuery,
  chatTemplate,
  idParams,
  messageResponse,
  templatePage,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './service';

type IdParams = { Params: { id: string } };

/**
 * /api/chat/template: saved replies (spec §7 'Templates'). Owners and their agents use them in the
 * composer; only the owner manages them (agents get 403 OWNER_ONLY), as with the rest of the
 * tenant's settings.
 */
export function templateRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: requireSession(ctx, ['user']) };

    app.get(
      '/chat/template',
      { ...member, schema: { querystring: templateListQuery, response: { 200: templatePage } } },
      async (request) =>
        listTemplates(ctx, actorOf(authOf(request)), parse(templateListQuery, request.query)),
    );

    app.post(
      '/chat/template',
      { ...owner, schema: { body: templateBody, response: { 201: chatTemplate } } },
      async (request, reply) => {
        const template = await createTemplate(
          ctx,
          actorOf(authOf(request)),
          parse(templateBody, request.body),
        );
        return reply.code(201).send(template);
      },
    );

    app.put<IdParams>(
      '/chat/template/:id',
      { ...owner, schema: { params: idParams, body: templateBody, response: { 200: chatTemplate } } },
      async (request) =>
        updateTemplate(ctx, actorOf(authOf(request)), request.params.id, parse(templateBody, request.body)),
    );

    app.delete<IdParams>(
      '/chat/template/:id',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteTemplate(ctx, actorOf(authOf(request)), request.params.id);
        return { message: t('common.success') };
      },
    );
  };
}
