import type { FastifyInstance } from 'fastify';
import {
  idParams,
  numbersCheckBody,
  numbersCheckResult,
  publicChatListQuery,
  publicChatPage,
  publicMessageListQuery,
  publicMessagePage,
  publicPostHeaders,
  publicSendMessageBody,
  publicSentMessage,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { callerOf, publicApiGuard } from './auth';
import { idempotent, temporaryIdFor } from './idempotency';
import { ApiRateLimiter } from './rate-limit';
import { checkNumbers, listNumberChats, listNumberMessages, sendFromNumber } from './service';

type IdParams = { Params: { id: string } };

/** In a route's schema: the number's API token as a bearer token, never a session. */
const bearerOnly = { security: [{ bearer: [] }] };

/**
 * /api/v1: the public API (issue 26), for a developer's server holding one number's API token
 * (`Authorization: Bearer`, made by PUT /account/whatsapp/{id}/reset-token). Each request acts as the
 * number's owner on that number alone; a budget per number (SAPA_API_RATE_PER_MINUTE); POSTs honour
 * `Idempotency-Key`.
 */
export function publicApiRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const limiter = await ApiRateLimiter.create(ctx);
    fastify.addHook('onClose', () => limiter.close());
    fastify.decorateRequest('apiCaller', null);
    const guard = { preHandler: publicApiGuard(ctx, limiter) };

    app.post(
      '/v1/messages',
      {
        ...guard,
        schema: {
          ...bearerOnly,
          headers: publicPostHeaders,
          body: publicSendMessageBody,
          response: { 201: publicSentMessage },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const input = parse(publicSendMessageBody, request.body);
        return idempotent(ctx, caller.account.id, request, reply, async (keyed) => ({
          status: 201,
          body: await sendFromNumber(
            ctx,
            caller,
            input,
            keyed ? temporaryIdFor(caller.account.id, keyed.key, keyed.hash) : undefined,
          ),
        }));
      },
    );

    app.get(
      '/v1/chats',
      {
        ...guard,
        schema: { ...bearerOnly, querystring: publicChatListQuery, response: { 200: publicChatPage } },
      },
      async (request, reply) => {
        const query = parse(publicChatListQuery, request.query);
        // JSON text written by PostgreSQL (chat/serialize.ts), sent as it is like GET /api/chat
        const body = await listNumberChats(ctx, callerOf(request), query);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get<IdParams>(
      '/v1/chats/:id/messages',
      {
        ...guard,
        schema: {
          ...bearerOnly,
          params: idParams,
          querystring: publicMessageListQuery,
          response: { 200: publicMessagePage },
        },
      },
      async (request, reply) => {
        const query = parse(publicMessageListQuery, request.query);
        const body = await listNumberMessages(ctx, callerOf(request), request.params.id, query);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.post(
      '/v1/numbers/check',
      {
        ...guard,
        schema: {
          ...bearerOnly,
          headers: publicPostHeaders,
          body: numbersCheckBody,
          response: { 200: numbersCheckResult },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { phones } = parse(numbersCheckBody, request.body);
        return idempotent(ctx, caller.account.id, request, reply, async () => ({
          status: 200,
          body: await checkNumbers(ctx, caller, phones),
        }));
      },
    );
  };
}
