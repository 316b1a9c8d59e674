import type { FastifyInstance } from 'fastify';
import {
  BILLING_MESSAGES as M,
  billingOffer,
  billingSettings,
  createTransactionBody,
  idParams,
  transaction,
  transactionListQuery,
  transactionPage,
  affiliateSummary,
  withdrawal,
  withdrawalBody,
  withdrawalList,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { billingSettingsOf, saveBillingSettings } from './settings';
import { createTransaction, getTransaction, listTransactions } from './transactions';
import { affiliateSummaryOf, listWithdrawals, requestWithdrawal } from './affiliate';

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

    app.post(
      '/transaction',
      { ...owner, schema: { body: createTransactionBody, response: { 200: transaction, 201: transaction } } },
      async (request, reply) => {
        const { ownerId } = actorOf(authOf(request));
        const made = await createTransaction(ctx, ownerId, parseInput(createTransactionBody, request.body));
        return reply.code(made.created ? 201 : 200).send(made.transaction);
      },
    );

    app.get(
      '/transaction',
      { ...owner, schema: { querystring: transactionListQuery, response: { 200: transactionPage } } },
      async (request) =>
        listTransactions(
          ctx,
          actorOf(authOf(request)).ownerId,
          parseInput(transactionListQuery, request.query ?? {}),
        ),
    );

    app.get<{ Params: { id: string } }>(
      '/transaction/:id',
      { ...owner, schema: { params: idParams, response: { 200: transaction } } },
      async (request) => getTransaction(ctx, actorOf(authOf(request)).ownerId, request.params.id),
    );

    app.get('/affiliate', { ...owner, schema: { response: { 200: affiliateSummary } } }, async (request) =>
      affiliateSummaryOf(ctx, actorOf(authOf(request)).ownerId),
    );

    app.get(
      '/affiliate/withdrawal',
      { ...owner, schema: { response: { 200: withdrawalList } } },
      async (request) => listWithdrawals(ctx, actorOf(authOf(request)).ownerId),
    );

    app.post(
      '/affiliate/withdrawal',
      { ...owner, schema: { body: withdrawalBody, response: { 201: withdrawal } } },
      async (request, reply) => {
        const made = await requestWithdrawal(
          ctx,
          actorOf(authOf(request)).ownerId,
          parseInput(withdrawalBody, request.body),
        );
        return reply.code(201).send(made);
      },
    );
  };
}
