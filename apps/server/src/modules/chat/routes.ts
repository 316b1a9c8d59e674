import type { FastifyInstance } from 'fastify';
import {
  assignBody,
  chat,
  chatContactBody,
  chatCount,
  chatCountQuery,
  chatListQuery,
  chatSearchPage,
  idParams,
  message,
  messageListQuery,
  messagePage,
  messageResponse,
  newChatBody,
  sendMessageBody,
  t,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { assignChat, unassignChat } from './assign';
import { countChats, listChats } from './list';
import { listMessages, markChatRead, requireChat, sendMessage } from './messages';
import { startChat } from './new-chat';
import { chatPageBody } from './serialize';
import { updateChatContact } from './contact';
import { chatIdsOf, searchHits, searchPageBody } from './search-hits';
import { messageExtraRoutes } from './message-extra-routes';

type IdParams = { Params: { id: string } };

/** Array query keys arrive as `key` or `key[]`. */
function normaliseArrays(query: Record<string, unknown>, keys: string[]) {
  const out = { ...query };
  for (const key of keys) {
    if (out[key] === undefined && out[`${key}[]`] !== undefined) out[key] = out[`${key}[]`];
  }
  return out;
}

/** /api/chat: the inbox (spec §7 'Chats'). Owners and agents of the tenant. */
export function chatRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    messageExtraRoutes(fastify, ctx);

    app.get(
      '/chat',
      { ...member, schema: { querystring: chatListQuery, response: { 200: chatSearchPage } } },
      async (request, reply) => {
        const query = normaliseArrays(request.query as Record<string, unknown>, [
          'accountIds',
          'labelIds',
          'agentIds',
        ]);
        const actor = actorOf(authOf(request));
        const parsed = parse(chatListQuery, query);
        const page = await listChats(ctx, actor, parsed);
        // The chats come as JSON text from PostgreSQL (serialize.ts: chatJson) and go out as they
        // are: Fastify never serializes a string, so the hot path is neither re-parsed nor
        // re-validated; chatPage above documents the text (and the tests check it against chatPage).
        // issue 21: with a search, the page's matching messages ride beside docs (search-hits.ts)
        const search = parsed.search?.trim();
        const body: string = search
          ? searchPageBody(page, page.hits ?? (await searchHits(ctx, actor, chatIdsOf(page.docs), search)))
          : chatPageBody(page);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.get(
      '/chat/count',
      { ...member, schema: { querystring: chatCountQuery, response: { 200: chatCount } } },
      async (request) =>
        countChats(ctx, actorOf(authOf(request)), parse(chatCountQuery, request.query ?? {})),
    );

    app.post(
      '/chat/new',
      { ...member, schema: { body: newChatBody, response: { 200: chat } } },
      async (request) => startChat(ctx, actorOf(authOf(request)), parse(newChatBody, request.body)),
    );

    app.get<IdParams>(
      '/chat/:id',
      { ...member, schema: { params: idParams, response: { 200: chat } } },
      async (request) => requireChat(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.get<IdParams>(
      '/chat/:id/message',
      {
        ...member,
        schema: { params: idParams, querystring: messageListQuery, response: { 200: messagePage } },
      },
      async (request, reply) => {
        const { page, limit } = parse(messageListQuery, request.query);
        // JSON text from PostgreSQL (message-list.ts), sent as it is, like the chat list above
        const body = await listMessages(ctx, actorOf(authOf(request)), request.params.id, page, limit);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );

    app.post<IdParams>(
      '/chat/:id/message',
      { ...member, schema: { params: idParams, body: sendMessageBody, response: { 200: message } } },
      async (request) => {
        const body = parse(sendMessageBody, request.body);
        return sendMessage(ctx, actorOf(authOf(request)), request.params.id, body);
      },
    );

    app.post<IdParams>(
      '/chat/:id/assign',
      { ...member, schema: { params: idParams, body: assignBody, response: { 200: chat } } },
      async (request) => {
        const { agentId } = parse(assignBody, request.body);
        return assignChat(ctx, actorOf(authOf(request)), request.params.id, agentId);
      },
    );

    app.put<IdParams>(
      '/chat/:id/contact',
      { ...member, schema: { params: idParams, body: chatContactBody, response: { 200: chat } } },
      async (request) =>
        updateChatContact(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parse(chatContactBody, request.body),
        ),
    );

    app.post<IdParams>(
      '/chat/:id/unassign',
      { ...member, schema: { params: idParams, response: { 200: chat } } },
      async (request) => unassignChat(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.post<IdParams>(
      '/chat/:id/message/read',
      { ...member, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await markChatRead(ctx, actorOf(authOf(request)), request.params.id);
        return { message: t('common.success') };
      },
    );
  };
}
