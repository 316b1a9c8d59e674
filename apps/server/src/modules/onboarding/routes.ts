import type { FastifyInstance } from 'fastify';
import { ONBOARDING_MESSAGES as M, onboardingState } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { authOf, ownerOnly } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { dismissOnboarding, getOnboarding } from './service';

/**
 * /api/onboarding (issue 21): the new owner's first-run checklist. Owner only: an agent is refused
 * with 403 like every owner-only route (the web shows the checklist to owners alone).
 */
export function onboardingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };

    app.get('/onboarding', { ...owner, schema: { response: { 200: onboardingState } } }, async (request) =>
      getOnboarding(ctx, actorOf(authOf(request))),
    );

    app.put(
      '/onboarding/dismiss',
      { ...owner, schema: { response: { 200: onboardingState } } },
      async (request) => dismissOnboarding(ctx, actorOf(authOf(request))),
    );
  };
}
