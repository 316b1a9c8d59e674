import type { FastifyInstance } from 'fastify';
import {
  assignBody,
  chatContactBody,
  chatListQuery,
  messageListQuery,
  newChatBody,
  sendMessageBody,
  t,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { assignChat, unassignChat } from './assign';
import { countChats, listChats } from './list';
import { listMessages, markChatRead, requireChat, sendMessage } from './messages';
import { startChat } from './new-chat';
import { chatPageBody } from './serialize';
import { updateChatContact } from './contact';

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
  return async (app: FastifyInstance) => {
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };

    app.get('/chat', member, async (request, reply) => {
      const query = normaliseArrays(request.query as Record<string, unknown>, [
        'accountIds',
        'labelIds',
        'agentIds',
      ]);
      const page = await listChats(ctx, actorOf(authOf(request)), parse(chatListQuery, query));
      // the chats come as JSON text from PostgreSQL (serialize.ts: chatJson)
      return reply.type('application/json; charset=utf-8').send(chatPageBody(page));
    });

    app.get('/chat/count', member, async (request) => countChats(ctx, actorOf(authOf(request))));

    app.post('/chat/new', member, async (request) =>
      startChat(ctx, actorOf(authOf(request)), parse(newChatBody, request.body)),
    );

    app.get<IdParams>('/chat/:id', member, async (request) =>
      requireChat(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.get<IdParams>('/chat/:id/message', member, async (request) => {
      const { page, limit } = parse(messageListQuery, request.query);
      return listMessages(ctx, actorOf(authOf(request)), request.params.id, page, limit);
    });

    app.post<IdParams>('/chat/:id/message', member, async (request) => {
      const body = parse(sendMessageBody, request.body);
      return sendMessage(ctx, actorOf(authOf(request)), request.params.id, body);
    });

    app.post<IdParams>('/chat/:id/assign', member, async (request) => {
      const { agentId } = parse(assignBody, request.body);
      return assignChat(ctx, actorOf(authOf(request)), request.params.id, agentId);
    });

    app.put<IdParams>('/chat/:id/contact', member, async (request) =>
      updateChatContact(
        ctx,
        actorOf(authOf(request)),
        request.params.id,
        parse(chatContactBody, request.body),
      ),
    );

    app.post<IdParams>('/chat/:id/unassign', member, async (request) =>
      unassignChat(ctx, actorOf(authOf(request)), request.params.id),
    );

    app.post<IdParams>('/chat/:id/message/read', member, async (request) => {
      await markChatRead(ctx, actorOf(authOf(request)), request.params.id);
      return { message: t('common.success') };
    });
  };
}
