import type { FastifyInstance } from 'fastify';
import { BILLING_MESSAGES as M, billingOffer, billingSettings } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { ownerOnly, requireSession } from '../../plugins/auth';
import { billingSettingsOf, saveBillingSettings } from './settings';

/**
 * /api/billing (issue 22): what an owner may buy. Agents may not (spec: /user/transaction is the
 * owner's). /api/admin/billing: the operator's settings behind it (the admin area edits them).
 */
export function billingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };
    const admin = { preHandler: requireSession(ctx, ['admin']) };

    app.get('/billing/offer', { ...owner, schema: { response: { 200: billingOffer } } }, async () =>
      billingSettingsOf(ctx),
    );

    app.get('/admin/billing', { ...admin, schema: { response: { 200: billingSettings } } }, async () =>
      billingSettingsOf(ctx),
    );

    app.put(
      '/admin/billing',
      { ...admin, schema: { body: billingSettings, response: { 200: billingSettings } } },
      async (request) => saveBillingSettings(ctx, parseInput(billingSettings, request.body)),
    );
  };
}
