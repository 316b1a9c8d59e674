import type { FastifyInstance } from 'fastify';
import { sandboxInboundBody } from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { listSandboxAccounts, sandboxConversation, sandboxInbound } from './service';

const conversationQuery = z.object({
  accountId: z.string().min(1),
  phoneNumber: z.string().regex(/^\d{8,20}$/),
});

/** /api/sandbox/*: the customer simulator's calls (no login; registered only while the sandbox is on). */
export function sandboxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/sandbox/accounts', async () => listSandboxAccounts(ctx));
    app.get('/sandbox/conversation', async (request) => {
      const q = parse(conversationQuery, request.query);
      return sandboxConversation(ctx, q.accountId, q.phoneNumber);
    });
    app.post('/sandbox/inbound', async (request, reply) => {
      const result = await sandboxInbound(ctx, parse(sandboxInboundBody, request.body));
      return reply
        .code(result.created ? 201 : 200)
        .send({ chatId: result.chatId, messageId: result.messageId });
    });
  };
}
