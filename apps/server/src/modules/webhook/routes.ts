import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_MESSAGES as M,
  WHATSAPP_MESSAGES,
  idParams,
  messageResponse,
  webhookDelivery,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookSaveBody,
  webhookSaveResponse,
  webhookSecretResponse,
  webhookSettingsResponse,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { authOf, ownerOnly } from '../../plugins/auth';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { actorOf } from '../auth/actor';
import {
  deleteWebhook,
  getWebhook,
  listDeliveries,
  replayDelivery,
  rotateSecret,
  saveWebhook,
  sendTestEvent,
} from './service';

type IdParams = { Params: { id: string } };
type DeliveryParams = { Params: { id: string; deliveryId: string } };

/**
 * /api/account/whatsapp/{id}/webhook: a number's outbound webhook (issue 26 part 3), the owner's alone
 * (like the number's API token): its URL, its secret (shown once, rotatable), its delivery log and replay.
 */
export function webhookRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, WHATSAPP_MESSAGES.ownerOnly) };
    const withId = { params: idParams };
    const actor = (request: Parameters<typeof authOf>[0]) => actorOf(authOf(request));

    app.get<IdParams>(
      '/account/whatsapp/:id/webhook',
      { ...owner, schema: { ...withId, response: { 200: webhookSettingsResponse } } },
      async (request) => ({ webhook: await getWebhook(ctx, actor(request), request.params.id) }),
    );

    app.put<IdParams>(
      '/account/whatsapp/:id/webhook',
      { ...owner, schema: { ...withId, body: webhookSaveBody, response: { 200: webhookSaveResponse } } },
      async (request) => {
        const input = parse(webhookSaveBody, request.body);
        const saved = await saveWebhook(ctx, actor(request), request.params.id, input);
        return { message: M.saved, ...saved };
      },
    );

    app.delete<IdParams>(
      '/account/whatsapp/:id/webhook',
      { ...owner, schema: { ...withId, response: { 200: messageResponse } } },
      async (request) => {
        await deleteWebhook(ctx, actor(request), request.params.id);
        return { message: M.removed };
      },
    );

    app.post<IdParams>(
      '/account/whatsapp/:id/webhook/rotate-secret',
      { ...owner, schema: { ...withId, response: { 200: webhookSecretResponse } } },
      async (request) => ({
        message: M.secretRotated,
        secret: await rotateSecret(ctx, actor(request), request.params.id),
      }),
    );

    app.post<IdParams>(
      '/account/whatsapp/:id/webhook/test',
      { ...owner, schema: { ...withId, response: { 201: webhookDelivery } } },
      async (request, reply) => {
        reply.code(201);
        return sendTestEvent(ctx, actor(request), request.params.id);
      },
    );

    app.get<IdParams>(
      '/account/whatsapp/:id/webhook/deliveries',
      {
        ...owner,
        schema: { ...withId, querystring: webhookDeliveryQuery, response: { 200: webhookDeliveryPage } },
      },
      async (request) =>
        listDeliveries(ctx, actor(request), request.params.id, parse(webhookDeliveryQuery, request.query)),
    );

    app.post<DeliveryParams>(
      '/account/whatsapp/:id/webhook/deliveries/:deliveryId/replay',
      { ...owner, schema: { params: webhookDeliveryParams, response: { 200: webhookDelivery } } },
      async (request) => replayDelivery(ctx, actor(request), request.params.id, request.params.deliveryId),
    );
  };
}
