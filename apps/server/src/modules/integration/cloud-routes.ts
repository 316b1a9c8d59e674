import type { FastifyInstance } from 'fastify';
import {
  WHATSAPP_MESSAGES,
  account,
  cloudTemplateList,
  createWhatsappCloudBody,
  idParams,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { connectCloudNumber, listAccountCloudTemplates, listChatCloudTemplates } from './cloud';

type IdParams = { Params: { id: string } };

/**
 * The WhatsApp Cloud API's routes (issue 25 part 5): linking a number with its ids and a token
 * (owners), and the approved templates of a chat's number for the composer (the chat's team).
 */
export function cloudRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: ownerOnly(ctx, WHATSAPP_MESSAGES.ownerOnly) };

    app.post(
      '/account/whatsapp-cloud',
      { ...owner, schema: { body: createWhatsappCloudBody, response: { 201: account } } },
      async (request, reply) => {
        const created = await connectCloudNumber(
          ctx,
          actorOf(authOf(request)),
          parseInput(createWhatsappCloudBody, request.body),
        );
        return reply.code(201).send(created);
      },
    );

    app.get<IdParams>(
      '/account/:id/template-cloud',
      { ...member, schema: { params: idParams, response: { 200: cloudTemplateList } } },
      async (request) => listAccountCloudTemplates(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.get<IdParams>(
      '/chat/:id/template-cloud',
      { ...member, schema: { params: idParams, response: { 200: cloudTemplateList } } },
      async (request) => listChatCloudTemplates(ctx, actorOf(authOf(request)), request.params.id),
    );
  };
}
