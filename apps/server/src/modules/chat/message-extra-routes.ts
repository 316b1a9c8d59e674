import type { FastifyInstance } from 'fastify';
import {
  message,
  messagePosition,
  messagePositionParams,
  messagePositionQuery,
  messageResponse,
  t,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { deleteFailedMessage, retryFailedMessage } from './failed-message';
import { messagePage } from './message-position';

type MessageParams = { Params: { id: string; messageId: string } };

/**
 * Issue 21's routes on one message of a chat: which page holds it (a search hit opens the room
 * there), and 'Kirim ulang' / 'Hapus' for a failed one. Owners and agents of the tenant.
 */
export function messageExtraRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const member = { preHandler: requireSession(ctx, ['user', 'agent']) };

  app.get<MessageParams>(
    '/chat/:id/message/:messageId/page',
    {
      ...member,
      schema: {
        params: messagePositionParams,
        querystring: messagePositionQuery,
        response: { 200: messagePosition },
      },
    },
    async (request) => {
      const { limit } = parse(messagePositionQuery, request.query ?? {});
      const { id, messageId } = request.params;
      return messagePage(ctx, actorOf(authOf(request)), id, messageId, limit);
    },
  );

  app.post<MessageParams>(
    '/chat/:id/message/:messageId/retry',
    { ...member, schema: { params: messagePositionParams, response: { 200: message } } },
    async (request) =>
      retryFailedMessage(ctx, actorOf(authOf(request)), request.params.id, request.params.messageId),
  );

  app.delete<MessageParams>(
    '/chat/:id/message/:messageId',
    { ...member, schema: { params: messagePositionParams, response: { 200: messageResponse } } },
    async (request) => {
      await deleteFailedMessage(ctx, actorOf(authOf(request)), request.params.id, request.params.messageId);
      return { message: t('common.success') };
    },
  );
}
