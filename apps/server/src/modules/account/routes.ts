import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_TYPES,
  WHATSAPP_MESSAGES as M,
  account,
  accountPage,
  createWhatsappBody,
  idParams,
  linkBody,
  messageResponse,
  resetTokenResponse,
  testMessageBody,
  testMessageResponse,
  updateAccountBody,
  whatsappContactPage,
  whatsappGroupList,
} from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse, parseInput } from '../../lib/errors';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import {
  createWhatsappAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  listWhatsappGroups,
  relinkWhatsappAccount,
  resetApiToken,
  toAccount,
  updateAccount,
} from './service';
import { sendTestMessage } from './test-message';
import { listWhatsappContacts } from './whatsapp-contacts';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  types: z
    .union([z.enum(ACCOUNT_TYPES), z.array(z.enum(ACCOUNT_TYPES))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

const contactQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().max(100).optional(),
});

type IdParams = { Params: { id: string } };

/** /api/account: the tenant's messaging accounts (spec §7 'Accounts', issue 7). */
export function accountRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const withId = { params: idParams };
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };

    app.get(
      '/account',
      { ...member, schema: { querystring: listQuery, response: { 200: accountPage } } },
      async (request) => {
        const query = request.query as Record<string, unknown>;
        const normalised = { ...query, types: query.types ?? query['types[]'] };
        return listAccounts(ctx, actorOf(authOf(request)), parse(listQuery, normalised));
      },
    );

    app.post(
      '/account/whatsapp',
      { ...owner, schema: { body: createWhatsappBody, response: { 201: account } } },
      async (request, reply) => {
        const created = await createWhatsappAccount(
          ctx,
          actorOf(authOf(request)),
          parseInput(createWhatsappBody, request.body),
        );
        return reply.code(201).send(created);
      },
    );

    app.post<IdParams>(
      '/account/whatsapp/:id/link',
      { ...owner, schema: { ...withId, body: linkBody, response: { 200: account } } },
      async (request) =>
        relinkWhatsappAccount(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(linkBody, request.body),
        ),
    );

    app.post<IdParams>(
      '/account/whatsapp/:id/test',
      { ...owner, schema: { ...withId, body: testMessageBody, response: { 200: testMessageResponse } } },
      async (request) => {
        const body = parseInput(testMessageBody, request.body);
        const { chatId } = await sendTestMessage(ctx, actorOf(authOf(request)), request.params.id, body);
        return { message: M.testSent, chatId };
      },
    );

    app.put<IdParams>(
      '/account/whatsapp/:id/reset-token',
      { ...owner, schema: { ...withId, response: { 200: resetTokenResponse } } },
      async (request) => {
        const token = await resetApiToken(ctx, actorOf(authOf(request)), request.params.id);
        return { message: M.tokenReset, token };
      },
    );

    app.get<IdParams>(
      '/account/whatsapp/:id/group',
      { ...member, schema: { ...withId, response: { 200: whatsappGroupList } } },
      async (request) => listWhatsappGroups(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.get<IdParams>(
      '/account/whatsapp/:id/contact',
      { ...member, schema: { ...withId, querystring: contactQuery, response: { 200: whatsappContactPage } } },
      async (request) =>
        listWhatsappContacts(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parse(contactQuery, request.query),
        ),
    );

    app.get<IdParams>(
      '/account/:id',
      { ...member, schema: { ...withId, response: { 200: account } } },
      async (request) => toAccount(await getAccount(ctx, actorOf(authOf(request)), request.params.id)),
    );

    app.put<IdParams>(
      '/account/:id',
      { ...owner, schema: { ...withId, body: updateAccountBody, response: { 200: account } } },
      async (request) =>
        updateAccount(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parseInput(updateAccountBody, request.body),
        ),
    );

    app.delete<IdParams>(
      '/account/:id',
      { ...owner, schema: { ...withId, response: { 200: messageResponse } } },
      async (request) => {
        await deleteAccount(ctx, actorOf(authOf(request)), request.params.id);
        return { message: M.deleted };
      },
    );
  };
}
