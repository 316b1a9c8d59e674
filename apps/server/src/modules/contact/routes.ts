import type { FastifyInstance } from 'fastify';
import { chatContactPage, contactListQuery } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { spreadsheetResponse, type ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { sendDownload } from '../group/export';
import { exportChatContacts, listChatContacts } from './service';

/**
 * /api/contact/chat: the people from the tenant's conversations (Kontak > Percakapan): one per chat
 * in which the customer has written. The whole team reads and exports them.
 */
export function contactRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };

    app.get(
      '/contact/chat',
      { ...member, schema: { querystring: contactListQuery, response: { 200: chatContactPage } } },
      async (request) =>
        listChatContacts(ctx, actorOf(authOf(request)), parseInput(contactListQuery, request.query)),
    );

    app.post(
      '/contact/chat/export',
      { ...member, schema: { querystring: contactListQuery, response: { 200: spreadsheetResponse } } },
      async (request, reply) => {
        const { search } = parseInput(contactListQuery, request.query);
        return sendDownload(reply, exportChatContacts(ctx, actorOf(authOf(request)), search));
      },
    );
  };
}
