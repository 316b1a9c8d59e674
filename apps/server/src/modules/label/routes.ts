import type { FastifyInstance } from 'fastify';
import {
  LABEL_MESSAGES,
  labelBody,
  labelIdsQuery,
  labelListQuery,
  idParams,
  label,
  labelDeleteResponse,
  labelList,
  labelPage,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse, parseInput } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { createLabel, deleteLabel, labelsByIds, listLabels, updateLabel } from './service';

type IdParams = { Params: { id: string } };

/**
 * /api/chat/label: conversation labels (spec §7 'Labels'). The whole team reads them (agents label
 * chats in the drawer); only the owner manages the set (agents get 403 OWNER_ONLY), as with
 * templates and the rest of the tenant's settings. Static paths, so they win over /chat/:id.
 */
export function labelRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: requireSession(ctx, ['user']) };

    app.get(
      '/chat/label',
      { ...member, schema: { querystring: labelListQuery, response: { 200: labelPage } } },
      async (request) => listLabels(ctx, actorOf(authOf(request)), parse(labelListQuery, request.query)),
    );

    app.get(
      '/chat/label/ids',
      { ...member, schema: { querystring: labelIdsQuery, response: { 200: labelList } } },
      async (request) => labelsByIds(ctx, actorOf(authOf(request)), parse(labelIdsQuery, request.query).ids),
    );

    app.post(
      '/chat/label',
      { ...owner, schema: { body: labelBody, response: { 201: label } } },
      async (request, reply) => {
        const label = await createLabel(ctx, actorOf(authOf(request)), parseInput(labelBody, request.body));
        return reply.code(201).send(label);
      },
    );

    app.put<IdParams>(
      '/chat/label/:id',
      { ...owner, schema: { params: idParams, body: labelBody, response: { 200: label } } },
      async (request) =>
        updateLabel(ctx, actorOf(authOf(request)), request.params.id, parseInput(labelBody, request.body)),
    );

    app.delete<IdParams>(
      '/chat/label/:id',
      { ...owner, schema: { params: idParams, response: { 200: labelDeleteResponse } } },
      async (request) => {
        const { chats } = await deleteLabel(ctx, actorOf(authOf(request)), request.params.id);
        return { message: LABEL_MESSAGES.deleted, chats };
      },
    );
  };
}
