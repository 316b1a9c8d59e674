import type { FastifyInstance } from 'fastify';
import { sandboxAccountBody, sandboxInboundBody } from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { acceptUploads } from '../media/routes';
import { storeUpload } from '../media/service';
import {
  createSandboxChannel,
  listSandboxAccounts,
  sandboxConversation,
  sandboxInbound,
  sandboxOwnerId,
} from './service';

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
    app.post('/sandbox/account', async (request) =>
      createSandboxChannel(ctx, parse(sandboxAccountBody, request.body)),
    );
    // what the customer sends as a file: stored in the tenant's media like an inbox upload
    await app.register(async (uploads) => {
      await acceptUploads(uploads);
      uploads.post('/sandbox/media', async (request) => {
        const { accountId } = parse(z.object({ accountId: z.string().min(1) }), request.query);
        return storeUpload(ctx, await sandboxOwnerId(ctx, accountId), request);
      });
    });
    app.post('/sandbox/inbound', async (request, reply) => {
      const result = await sandboxInbound(ctx, parse(sandboxInboundBody, request.body));
      return reply
        .code(result.created ? 201 : 200)
        .send({ chatId: result.chatId, messageId: result.messageId });
    });
  };
}
