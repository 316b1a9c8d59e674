import type { FastifyInstance } from 'fastify';
import {
  PUBLICATION_MESSAGES as M,
  idParams,
  messageResponse,
  statusBody,
  statusListQuery,
  statusPost,
  statusPostPage,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import type { ContractTypeProvider } from '../../../plugins/openapi';
import { parse, parseInput } from '../../../lib/errors';
import { authOf, ownerOnly } from '../../../plugins/auth';
import { actorOf } from '../../auth/actor';
import {
  createStatusPost,
  deleteStatusPost,
  getStatusPost,
  listStatusPosts,
  pauseStatusPost,
  resumeStatusPost,
} from './service';

type IdParams = { Params: { id: string } };

/**
 * /api/publication/status: WhatsApp Status posts (issue 20 part 5), now, at a time or recurring.
 * The owner's alone, like every publication: agents get 403 OWNER_ONLY.
 */
export function statusRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };

    app.get(
      '/publication/status',
      { ...owner, schema: { querystring: statusListQuery, response: { 200: statusPostPage } } },
      async (request) =>
        listStatusPosts(ctx, actorOf(authOf(request)), parse(statusListQuery, request.query)),
    );

    app.post(
      '/publication/status',
      { ...owner, schema: { body: statusBody, response: { 201: statusPost } } },
      async (request, reply) => {
        const post = await createStatusPost(
          ctx,
          actorOf(authOf(request)),
          parseInput(statusBody, request.body),
        );
        return reply.code(201).send(post);
      },
    );

    app.get<IdParams>(
      '/publication/status/:id',
      { ...owner, schema: { params: idParams, response: { 200: statusPost } } },
      async (request) => getStatusPost(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.post<IdParams>(
      '/publication/status/:id/pause',
      { ...owner, schema: { params: idParams, response: { 200: statusPost } } },
      async (request) => pauseStatusPost(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.post<IdParams>(
      '/publication/status/:id/resume',
      { ...owner, schema: { params: idParams, response: { 200: statusPost } } },
      async (request) => resumeStatusPost(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.delete<IdParams>(
      '/publication/status/:id',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteStatusPost(ctx, actorOf(authOf(request)), request.params.id);
        return { message: M.statusDeleted };
      },
    );
  };
}
