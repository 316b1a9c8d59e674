import type { FastifyInstance } from 'fastify';
import {
  PUBLICATION_MESSAGES as M,
  broadcast,
  broadcastBody,
  broadcastListQuery,
  broadcastPage,
  broadcastPreview,
  broadcastPreviewBody,
  broadcastRecipientPage,
  broadcastRecipientQuery,
  idParams,
  messageResponse,
  optOut,
  optOutBody,
  optOutPage,
  pageQuery,
  stopWords,
  stopWordsBody,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import type { ContractTypeProvider } from '../../../plugins/openapi';
import { parse, parseInput } from '../../../lib/errors';
import { authOf, ownerOnly } from '../../../plugins/auth';
import { actorOf } from '../../auth/actor';
import { addOptOut, getStopWords, listOptOuts, removeOptOut, setStopWords } from './opt-out';
import {
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  listRecipients,
  pauseBroadcast,
  previewBroadcast,
  resumeBroadcast,
  stopBroadcast,
} from './service';

type IdParams = { Params: { id: string } };

/**
 * /api/publication/broadcast and the opt-out list: the owner's (agents get 403 OWNER_ONLY) - a
 * broadcast speaks for the business from its numbers, and its recipients are the business's contacts.
 */
export function broadcastRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };
    const actor = (request: Parameters<typeof authOf>[0]) => actorOf(authOf(request));

    app.get(
      '/publication/broadcast',
      { ...owner, schema: { querystring: broadcastListQuery, response: { 200: broadcastPage } } },
      async (request) => listBroadcasts(ctx, actor(request), parse(broadcastListQuery, request.query)),
    );

    app.post(
      '/publication/broadcast/preview',
      { ...owner, schema: { body: broadcastPreviewBody, response: { 200: broadcastPreview } } },
      async (request) =>
        previewBroadcast(ctx, actor(request), parseInput(broadcastPreviewBody, request.body)),
    );

    app.post(
      '/publication/broadcast',
      { ...owner, schema: { body: broadcastBody, response: { 201: broadcast } } },
      async (request, reply) => {
        const created = await createBroadcast(ctx, actor(request), parseInput(broadcastBody, request.body));
        return reply.code(201).send(created);
      },
    );

    app.get<IdParams>(
      '/publication/broadcast/:id',
      { ...owner, schema: { params: idParams, response: { 200: broadcast } } },
      async (request) => getBroadcast(ctx, actor(request), request.params.id),
    );

    app.get<IdParams>(
      '/publication/broadcast/:id/recipient',
      {
        ...owner,
        schema: {
          params: idParams,
          querystring: broadcastRecipientQuery,
          response: { 200: broadcastRecipientPage },
        },
      },
      async (request) =>
        listRecipients(ctx, actor(request), request.params.id, parse(broadcastRecipientQuery, request.query)),
    );

    for (const [action, run] of [
      ['pause', pauseBroadcast],
      ['resume', resumeBroadcast],
      ['stop', stopBroadcast],
    ] as const) {
      app.post<IdParams>(
        `/publication/broadcast/:id/${action}`,
        { ...owner, schema: { params: idParams, response: { 200: broadcast } } },
        async (request) => run(ctx, actor(request), request.params.id),
      );
    }

    app.get(
      '/publication/opt-out',
      { ...owner, schema: { querystring: pageQuery, response: { 200: optOutPage } } },
      async (request) => listOptOuts(ctx, actor(request), parse(pageQuery, request.query)),
    );

    app.post(
      '/publication/opt-out',
      { ...owner, schema: { body: optOutBody, response: { 201: optOut } } },
      async (request, reply) => {
        const added = await addOptOut(ctx, actor(request), parseInput(optOutBody, request.body).phoneNumber);
        return reply.code(201).send(added);
      },
    );

    app.delete<IdParams>(
      '/publication/opt-out/:id',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => removeOptOut(ctx, actor(request), request.params.id),
    );

    app.get(
      '/publication/stop-words',
      { ...owner, schema: { response: { 200: stopWords } } },
      async (request) => getStopWords(ctx, actor(request)),
    );

    app.put(
      '/publication/stop-words',
      { ...owner, schema: { body: stopWordsBody, response: { 200: stopWords } } },
      async (request) => setStopWords(ctx, actor(request), parseInput(stopWordsBody, request.body).words),
    );
  };
}
