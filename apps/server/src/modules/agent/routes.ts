import type { FastifyInstance } from 'fastify';
import {
  agent as agentSchema,
  agentListQuery,
  agentMutationResponse,
  agentPage,
  agentVerificationBody,
  createAgentBody,
  idParams,
  messageResponse,
  updateAgentBody,
  AGENT_MESSAGES,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import * as agent from './service';

type IdParams = { Params: { id: string } };

/**
 * /api/agent: the owner's staff (spec §7 'Agents'). Owners and their agents list them (agents see
 * who holds a chat and pick themselves in the inbox); everything else is the owner's alone
 * (agents get 403 OWNER_ONLY). Every query is scoped by the caller's tenant.
 */
export function agentRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    const owner = { preHandler: requireSession(ctx, ['user']) };
    const tenantOf = (request: Parameters<typeof authOf>[0]) => actorOf(authOf(request)).ownerId;

    app.get(
      '/agent',
      { ...member, schema: { querystring: agentListQuery, response: { 200: agentPage } } },
      async (request) => agent.listAgents(ctx, tenantOf(request), parse(agentListQuery, request.query)),
    );

    app.get<IdParams>(
      '/agent/:id',
      { ...owner, schema: { params: idParams, response: { 200: agentSchema } } },
      async (request) => agent.getAgent(ctx, tenantOf(request), request.params.id),
    );

    app.post(
      '/agent',
      { ...owner, schema: { body: createAgentBody, response: { 201: agentMutationResponse } } },
      async (request, reply) => {
        const result = await agent.createAgent(ctx, tenantOf(request), parse(createAgentBody, request.body));
        return reply.code(201).send(result);
      },
    );

    app.put<IdParams>(
      '/agent/:id',
      {
        ...owner,
        schema: { params: idParams, body: updateAgentBody, response: { 200: agentMutationResponse } },
      },
      async (request) =>
        agent.updateAgent(ctx, tenantOf(request), request.params.id, parse(updateAgentBody, request.body)),
    );

    app.put<IdParams>(
      '/agent/:id/verification',
      {
        ...owner,
        schema: { params: idParams, body: agentVerificationBody, response: { 200: agentMutationResponse } },
      },
      async (request) => {
        const { code } = parse(agentVerificationBody, request.body);
        return agent.verifyAgent(ctx, tenantOf(request), request.params.id, code);
      },
    );

    app.put<IdParams>(
      '/agent/:id/verification/resend',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => ({
        message: await agent.resendAgentCode(ctx, tenantOf(request), request.params.id),
      }),
    );

    app.delete<IdParams>(
      '/agent/:id',
      { ...owner, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await agent.deleteAgent(ctx, tenantOf(request), request.params.id);
        return { message: AGENT_MESSAGES['agent.deleted'] };
      },
    );
  };
}
