import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import {
  account,
  availabilityBody,
  chat,
  conversationStateBody,
  idParams,
  INBOX_MESSAGES as M,
  message,
  messageResponse,
  noteBody,
  notificationPage,
  notificationReadBody,
  pageQuery,
  roundRobinBody,
  t,
  teammate,
  teammateList,
} from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { accounts, agents } from '../../db/schema';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { AppError, parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { toAccount, publishAccount } from '../account/service';
import { listNotifications, markRead } from '../notification/service';
import { addNote, listTeammates, relatedChats } from './notes';
import { setConversationState } from './state';

type IdParams = { Params: { id: string } };
const relatedList = z.object({ docs: z.array(chat) });

/**
 * The inbox as a team's tool (issue 21): conversation state, notes, teammates, notifications,
 * availability and round-robin. Owners and agents of the tenant unless said otherwise; every query is
 * scoped by the caller's tenant.
 */
export function teamRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: requireSession(ctx, ['user']) };
    const agentOnly = { preHandler: requireSession(ctx, ['agent']) };

    app.put<IdParams>(
      '/chat/:id/state',
      { ...member, schema: { params: idParams, body: conversationStateBody, response: { 200: chat } } },
      async (request) =>
        setConversationState(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parse(conversationStateBody, request.body),
        ),
    );

    app.post<IdParams>(
      '/chat/:id/note',
      { ...member, schema: { params: idParams, body: noteBody, response: { 201: message } } },
      async (request, reply) => {
        const note = await addNote(
          ctx,
          actorOf(authOf(request)),
          request.params.id,
          parse(noteBody, request.body),
        );
        return reply.code(201).send(note);
      },
    );

    app.get<IdParams>(
      '/chat/:id/related',
      { ...member, schema: { params: idParams, response: { 200: relatedList } } },
      async (request) => ({ docs: await relatedChats(ctx, actorOf(authOf(request)), request.params.id) }),
    );

    app.get('/teammate', { ...member, schema: { response: { 200: teammateList } } }, async (request) => ({
      docs: await listTeammates(ctx, actorOf(authOf(request))),
    }));

    app.get(
      '/notification',
      { ...member, schema: { querystring: pageQuery, response: { 200: notificationPage } } },
      async (request) => {
        const { page, limit } = parse(pageQuery, request.query);
        return listNotifications(ctx, actorOf(authOf(request)), page, limit);
      },
    );

    app.put(
      '/notification/read',
      { ...member, schema: { body: notificationReadBody, response: { 200: messageResponse } } },
      async (request) => {
        const { ids } = parse(notificationReadBody, request.body ?? {});
        await markRead(ctx, actorOf(authOf(request)), ids);
        return { message: 'Notifikasi ditandai dibaca' };
      },
    );

    app.put(
      '/agent/me/availability',
      { ...agentOnly, schema: { body: availabilityBody, response: { 200: teammate } } },
      async (request) => {
        const actor = actorOf(authOf(request));
        const { available } = parse(availabilityBody, request.body);
        const [row] = await ctx.db
          .update(agents)
          .set({ available, updatedAt: ctx.clock.now() })
          .where(and(eq(agents.id, actor.agentId ?? ''), eq(agents.ownerId, actor.ownerId)))
          .returning({ id: agents.id, name: agents.name, available: agents.available });
        if (!row) throw new AppError('FORBIDDEN', M.availabilityAgentsOnly);
        return { _id: row.id, name: row.name, role: 'agent' as const, available: row.available };
      },
    );

    app.put<IdParams>(
      '/account/:id/round-robin',
      { ...owner, schema: { params: idParams, body: roundRobinBody, response: { 200: account } } },
      async (request) => {
        const actor = actorOf(authOf(request));
        const { enabled } = parse(roundRobinBody, request.body);
        const [row] = await ctx.db
          .update(accounts)
          .set({ roundRobin: enabled })
          .where(
            and(
              eq(accounts.id, request.params.id),
              eq(accounts.ownerId, actor.ownerId),
              isNull(accounts.deletedAt),
            ),
          )
          .returning();
        if (!row) throw new AppError('NOT_FOUND', t('chat.accountNotFound'));
        publishAccount(ctx, row);
        return toAccount(row);
      },
    );
  };
}
