import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  uploadedMedia,
  sandboxAccountBody,
  sandboxInboundBody,
  sandboxAccount,
  sandboxConversation as conversationSchema,
  sandboxAccountList,
  sandboxLink,
  sandboxInboundResponse,
  sandboxInboundRequest,
  sandboxDeleteBody,
  sandboxRestrictedBody,
  sandboxRestricted,
  sandboxStatusList,
} from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sandboxRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { MemoryLimiter } from '../../lib/memory-limit';
import { acceptUploads } from '../media/routes';
import { storeUpload } from '../media/service';
import { sandboxAccessOf, sandboxAccountFor, sandboxLinkKey, type SandboxAccess } from './access';
import {
  createSandboxChannel,
  listSandboxAccounts,
  listSandboxStatuses,
  sandboxConversation,
  sandboxDelete,
  sandboxInbound,
  setSandboxRestricted,
} from './service';

const conversationQuery = z.object({
  accountId: z.string().min(1).max(100),
  phoneNumber: z.string().regex(/^\d{8,20}$/),
});
const accountQuery = z.object({ accountId: z.string().min(1).max(100) });
const accountParams = z.object({ id: z.string().min(1).max(100) });
const MINUTE = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    sandbox: SandboxAccess | null;
  }
}

/**
 * /api/sandbox/*: the customer simulator's calls, registered only while the sandbox is on. Each one
 * needs the owner's session or an account's secret link (modules/sandbox/access.ts) and reaches only
 * that owner's sandbox accounts; what the simulated customer sends is limited per account.
 */
export function sandboxRoutes(ctx: AppContext) {
  const limiter = new MemoryLimiter();
  const { inboundPerMinute, uploadsPerMinute } = ctx.config.sandboxLimits;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    app.decorateRequest('sandbox', null);
    app.addHook('preHandler', async (request) => {
      request.sandbox = await sandboxAccessOf(ctx, request);
    });
    const accessOf = (request: FastifyRequest): SandboxAccess => request.sandbox!;

    app.get(
      '/sandbox/accounts',
      { schema: { ...sandboxRoute, response: { 200: sandboxAccountList } } },
      async (request) => listSandboxAccounts(ctx, accessOf(request)),
    );

    // the secret link the owner copies from the inbox (owner's session only)
    app.get(
      '/sandbox/link',
      { schema: { ...sandboxRoute, querystring: accountQuery, response: { 200: sandboxLink } } },
      async (request) => {
        const access = accessOf(request);
        const { accountId } = parse(accountQuery, request.query);
        await sandboxAccountFor(ctx, access, accountId);
        if (access.via !== 'session') return { url: null };
        const key = await sandboxLinkKey(ctx, accountId);
        const url = `${ctx.config.publicUrl}/sandbox?accountId=${encodeURIComponent(accountId)}&key=${encodeURIComponent(key)}`;
        return { url };
      },
    );

    app.get(
      '/sandbox/conversation',
      { schema: { ...sandboxRoute, querystring: conversationQuery, response: { 200: conversationSchema } } },
      async (request) => {
        const q = parse(conversationQuery, request.query);
        return sandboxConversation(ctx, accessOf(request), q.accountId, q.phoneNumber);
      },
    );
    app.post(
      '/sandbox/account',
      { schema: { ...sandboxRoute, body: sandboxAccountBody, response: { 200: sandboxAccount } } },
      async (request) =>
        createSandboxChannel(ctx, accessOf(request), parse(sandboxAccountBody, request.body)),
    );
    // what the customer sends as a file: stored in the tenant's media like an inbox upload
    await app.register(async (uploads) => {
      await acceptUploads(uploads);
      uploads.post(
        '/sandbox/media',
        { schema: { ...sandboxRoute, querystring: accountQuery, response: { 200: uploadedMedia } } },
        async (request) => {
          const { accountId } = parse(accountQuery, request.query);
          const account = await sandboxAccountFor(ctx, accessOf(request), accountId);
          limiter.take(`media:${account.id}`, uploadsPerMinute, MINUTE);
          return storeUpload(ctx, account.ownerId, request);
        },
      );
    });
    app.post(
      '/sandbox/inbound',
      {
        schema: {
          ...sandboxRoute,
          body: sandboxInboundRequest,
          response: { 200: sandboxInboundResponse, 201: sandboxInboundResponse },
        },
      },
      async (request, reply) => {
        // the customer deletes one of their messages for everyone (type 'deleted'): 200
        if ((request.body as { type?: unknown } | null)?.type === 'deleted') {
          const body = parse(sandboxDeleteBody, request.body);
          const account = await sandboxAccountFor(ctx, accessOf(request), body.accountId);
          limiter.take(`inbound:${account.id}`, inboundPerMinute, MINUTE);
          return reply.code(200).send(await sandboxDelete(ctx, accessOf(request), body));
        }
        const body = parse(sandboxInboundBody, request.body);
        const account = await sandboxAccountFor(ctx, accessOf(request), body.accountId);
        limiter.take(`inbound:${account.id}`, inboundPerMinute, MINUTE);
        const result = await sandboxInbound(ctx, accessOf(request), body);
        return reply
          .code(result.created ? 201 : 200)
          .send({ chatId: result.chatId, messageId: result.messageId });
      },
    );

    // the simulator's switch 'Batasi nomor (463)'
    app.put(
      '/sandbox/account/:id/restricted',
      {
        schema: {
          ...sandboxRoute,
          params: accountParams,
          body: sandboxRestrictedBody,
          response: { 200: sandboxRestricted },
        },
      },
      async (request) => {
        const { id } = parse(accountParams, request.params);
        const { restricted } = parse(sandboxRestrictedBody, request.body);
        return setSandboxRestricted(ctx, accessOf(request), id, restricted);
      },
    );

    // the statuses the number posted (the simulator's 'Status' feed; new ones arrive on /ws/sandbox)
    app.get(
      '/sandbox/account/:id/status',
      { schema: { ...sandboxRoute, params: accountParams, response: { 200: sandboxStatusList } } },
      async (request) => {
        const { id } = parse(accountParams, request.params);
        return listSandboxStatuses(ctx, accessOf(request), id);
      },
    );
  };
}
