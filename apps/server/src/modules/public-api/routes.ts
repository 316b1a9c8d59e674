import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
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
import { forgetApiTokens } from '../account/service';
import { parse } from '../../lib/errors';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { callerOf, publicApiGuard } from './auth';
import { broadcastRoutes } from './broadcast-routes';
import { contactRoutes } from './contact-routes';
import { idempotent, temporaryIdFor } from './idempotency';
import { mediaRoutes } from './media-routes';
import { operation } from './operations';
import { ApiRateLimiter } from './rate-limit';
import { checkNumbers, listNumberChats, listNumberMessages, sendFromNumber } from './service';

type IdParams = { Params: { id: string } };

/** Every public route's preHandler: the number's token, then its rate budget (auth.ts). */
export interface PublicGuard {
  preHandler: preHandlerAsyncHookHandler;
}

/**
 * /api/v1: the public API (issue 26), for a developer's server holding one number's API token
 * (`Authorization: Bearer`, made by PUT /account/whatsapp/{id}/reset-token). Each request acts as the
 * number's owner on that number alone (its chats, messages, broadcasts), and on the owner's contacts,
 * groups and files, which every number of the owner shares; a budget per number
 * (SAPA_API_RATE_PER_MINUTE); POSTs honour `Idempotency-Key`.
 */
export function publicApiRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const limiter = await ApiRateLimiter.create(ctx);
    fastify.addHook('onClose', () => limiter.close());
    fastify.decorateRequest('apiCaller', null);
    const guard: PublicGuard = { preHandler: publicApiGuard(ctx, limiter) };
    // the tokens kept by apiTokenHolder: forgotten when any process resets one, deletes its number or
    // disables its owner
    const off = ctx.bus.subscribe((message) => {
      if (message.kind === 'api-token') forgetApiTokens(ctx, { accountId: message.accountId });
      else if (message.kind === 'revoke' && message.ownerId)
        forgetApiTokens(ctx, { ownerId: message.ownerId });
    });
    fastify.addHook('onClose', async () => off());

    app.post(
      '/v1/messages',
      {
        ...guard,
        schema: {
          ...operation('sendMessage'),
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

    // its files, for messages with media (in the document, right after sending)
    await fastify.register(mediaRoutes(ctx, guard));

    app.get(
      '/v1/chats',
      {
        ...guard,
        schema: {
          ...operation('listChats'),
          querystring: publicChatListQuery,
          response: { 200: publicChatPage },
        },
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
          ...operation('listChatMessages'),
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
          ...operation('checkNumbers'),
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

    contactRoutes(fastify, ctx, guard);
    broadcastRoutes(fastify, ctx, guard);
  };
}
