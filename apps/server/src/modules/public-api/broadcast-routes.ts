import type { FastifyInstance } from 'fastify';
import {
  broadcast,
  broadcastPage,
  idParams,
  publicBroadcastBody,
  publicBroadcastListQuery,
  publicPostHeaders,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parse, parseInput } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { callerOf } from './auth';
import {
  actOnNumberBroadcast,
  listNumberBroadcasts,
  readNumberBroadcast,
  startBroadcast,
  type BroadcastAction,
} from './broadcasts';
import { idempotent } from './idempotency';
import { operation, type OperationId } from './operations';
import type { PublicGuard } from './routes';

type IdParams = { Params: { id: string } };

const ACTIONS: [BroadcastAction, OperationId][] = [
  ['pause', 'pauseBroadcast'],
  ['resume', 'resumeBroadcast'],
  ['stop', 'stopBroadcast'],
];

/**
 * /api/v1/broadcasts: broadcasts from the token's number, through the broadcast module's operations
 * (broadcasts.ts); the app's Broadcast as the answer.
 */
export function broadcastRoutes(fastify: FastifyInstance, ctx: AppContext, guard: PublicGuard): void {
  const app = fastify.withTypeProvider<ContractTypeProvider>();

  app.get(
    '/v1/broadcasts',
    {
      ...guard,
      schema: {
        ...operation('listBroadcasts'),
        querystring: publicBroadcastListQuery,
        response: { 200: broadcastPage },
      },
    },
    async (request) =>
      listNumberBroadcasts(ctx, callerOf(request), parse(publicBroadcastListQuery, request.query)),
  );

  app.post(
    '/v1/broadcasts',
    {
      ...guard,
      schema: {
        ...operation('createBroadcast'),
        headers: publicPostHeaders,
        body: publicBroadcastBody,
        response: { 201: broadcast },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = parseInput(publicBroadcastBody, request.body);
      return idempotent(ctx, caller.account.id, request, reply, async () => ({
        status: 201,
        body: await startBroadcast(ctx, caller, input),
      }));
    },
  );

  app.get<IdParams>(
    '/v1/broadcasts/:id',
    { ...guard, schema: { ...operation('getBroadcast'), params: idParams, response: { 200: broadcast } } },
    async (request) => readNumberBroadcast(ctx, callerOf(request), request.params.id),
  );

  for (const [action, operationId] of ACTIONS) {
    app.post<IdParams>(
      `/v1/broadcasts/:id/${action}`,
      {
        ...guard,
        schema: {
          ...operation(operationId),
          params: idParams,
          headers: publicPostHeaders,
          response: { 200: broadcast },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        return idempotent(ctx, caller.account.id, request, reply, async () => ({
          status: 200,
          body: await actOnNumberBroadcast(ctx, caller, request.params.id, action),
        }));
      },
    );
  }
}
