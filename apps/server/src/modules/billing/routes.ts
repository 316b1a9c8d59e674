import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  BILLING_MESSAGES as M,
  adminTransaction,
  adminTransactionListQuery,
  adminTransactionPage,
  adminWithdrawalListQuery,
  adminWithdrawalPage,
  affiliateSummary,
  billingOffer,
  planUsage,
  billingSettings,
  createTransactionBody,
  idParams,
  midtransRawStatus,
  paymentSettingsBody,
  paymentSettingsView as paymentSettingsViewSchema,
  reasonBody,
  subscriptionAdjustment,
  subscriptionAdjustmentBody,
  transaction,
  transactionListQuery,
  transactionPage,
  withdrawal,
  withdrawalBody,
  withdrawalList,
  withdrawalPaidBody,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { fileResponse, publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { AppError, parseInput } from '../../lib/errors';
import { authOf, ownerOnly, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { acceptUploads } from '../media/routes';
import { billingSettingsOf, saveBillingSettings } from './settings';
import { planUsageOf } from './plan-limits';
import {
  cancelTransaction,
  createTransaction,
  getTransaction,
  listTransactions,
  transactionRow,
} from './transactions';
import { affiliateSummaryOf, listWithdrawals, requestWithdrawal } from './affiliate';
import { billingOfferFor } from './offer';
import { adjustSubscription } from './subscription';
import { invoiceFor } from './notices';
import { contentDisposition } from '../media/service';
import { paymentSettingsOf, paymentSettingsView, savePaymentSettings } from './payment-settings';
import { cancelByOperator, confirmTransfer, openProof, rejectTransfer, uploadProof } from './bank-transfer';
import { handleMidtransNotification, syncWithMidtrans } from './midtrans-notification';
import {
  adminGetTransaction,
  adminListTransactions,
  adminListWithdrawals,
  moveWithdrawal,
} from './admin-payments';
import {
  audited,
  confirmTarget,
  subscriptionTarget,
  transactionTarget,
  withdrawalTarget,
} from '../admin/audited';

type IdRoute = { Params: { id: string } };

/** Midtrans' notifications are small; a bigger body is not one. */
const NOTIFICATION_BODY_LIMIT = 32 * 1024;

/**
 * Subscriptions and payments (issue 22). /api/billing, /api/transaction, /api/affiliate: the owner's
 * (agents may not: spec, /user/transaction is the owner's). /api/admin/billing, /api/admin/payment,
 * /api/admin/transaction, /api/admin/withdrawal: the operator's (the admin area's screens).
 * /api/midtrans/notification: Midtrans' own, public, believed only when signed and confirmed.
 */
export function billingRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    await acceptUploads(app);
    const owner = { preHandler: ownerOnly(ctx, M.ownerOnly) };
    const admin = { preHandler: requireSession(ctx, ['admin']) };
    const ownerIdOf = (request: Parameters<typeof authOf>[0]) => actorOf(authOf(request)).ownerId;

    // --- what may be bought, and the operator's settings behind it

    app.get('/billing/offer', { ...owner, schema: { response: { 200: billingOffer } } }, async (request) =>
      billingOfferFor(ctx, ownerIdOf(request)),
    );

    app.get('/billing/usage', { ...owner, schema: { response: { 200: planUsage } } }, async (request) =>
      planUsageOf(ctx, ownerIdOf(request)),
    );

    app.get('/admin/billing', { ...admin, schema: { response: { 200: billingSettings } } }, async () =>
      billingSettingsOf(ctx),
    );

    app.put(
      '/admin/billing',
      { ...admin, schema: { body: billingSettings, response: { 200: billingSettings } } },
      async (request) => {
        const input = parseInput(billingSettings, request.body);
        return audited(
          ctx,
          authOf(request),
          {
            action: 'settings.billing',
            targetType: 'settings',
            targetId: 'billing',
            before: () => billingSettingsOf(ctx),
          },
          () => saveBillingSettings(ctx, input),
        );
      },
    );

    app.get(
      '/admin/payment',
      { ...admin, schema: { response: { 200: paymentSettingsViewSchema } } },
      async () => paymentSettingsView(await paymentSettingsOf(ctx)),
    );

    app.put(
      '/admin/payment',
      { ...admin, schema: { body: paymentSettingsBody, response: { 200: paymentSettingsViewSchema } } },
      async (request) => {
        const input = parseInput(paymentSettingsBody, request.body);
        // before and after as the operator's screen shows them: the Midtrans server key never
        return audited(
          ctx,
          authOf(request),
          {
            action: 'settings.payment',
            targetType: 'settings',
            targetId: 'payment',
            before: async () => paymentSettingsView(await paymentSettingsOf(ctx)),
          },
          () => savePaymentSettings(ctx, input),
        );
      },
    );

    // --- the owner's purchases

    app.post(
      '/transaction',
      { ...owner, schema: { body: createTransactionBody, response: { 200: transaction, 201: transaction } } },
      async (request, reply) => {
        const made = await createTransaction(
          ctx,
          ownerIdOf(request),
          parseInput(createTransactionBody, request.body),
        );
        return reply.code(made.created ? 201 : 200).send(made.transaction);
      },
    );

    app.get(
      '/transaction',
      { ...owner, schema: { querystring: transactionListQuery, response: { 200: transactionPage } } },
      async (request) =>
        listTransactions(ctx, ownerIdOf(request), parseInput(transactionListQuery, request.query ?? {})),
    );

    app.get<IdRoute>(
      '/transaction/:id',
      { ...owner, schema: { params: idParams, response: { 200: transaction } } },
      async (request) => getTransaction(ctx, ownerIdOf(request), request.params.id),
    );

    app.post<IdRoute>(
      '/transaction/:id/cancel',
      { ...owner, schema: { params: idParams, response: { 200: transaction } } },
      async (request) => cancelTransaction(ctx, ownerIdOf(request), request.params.id),
    );

    app.post<IdRoute>(
      '/transaction/:id/proof',
      {
        ...owner,
        schema: { params: idParams, consumes: ['multipart/form-data'], response: { 200: transaction } },
      },
      async (request) => uploadProof(ctx, ownerIdOf(request), request.params.id, request),
    );

    app.get<IdRoute>(
      '/transaction/:id/proof',
      { ...owner, schema: { params: idParams, response: { 200: fileResponse } } },
      async (request, reply) => {
        const proof = await openProof(ctx, request.params.id, ownerIdOf(request));
        return reply.headers(proof.headers).send(proof.stream);
      },
    );

    app.get<IdRoute>(
      '/transaction/:id/invoice',
      { ...owner, schema: { params: idParams, response: { 200: fileResponse } } },
      async (request, reply) => sendInvoice(reply, request.params.id, ownerIdOf(request)),
    );

    /** The invoice PDF of a paid purchase (issue 22 part 6); 409 until it is paid. */
    async function sendInvoice(reply: FastifyReply, id: string, ownerId?: string) {
      const invoice = await invoiceFor(ctx, id, ownerId);
      if (!invoice) {
        // not this owner's (or nobody's): 404; not paid yet: 409
        if (ownerId) await getTransaction(ctx, ownerId, id);
        else await adminGetTransaction(ctx, id);
        throw new AppError('CONFLICT', M.invoiceNotReady);
      }
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition('attachment', invoice.fileName),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(invoice.pdf);
    }

    // --- Midtrans' notifications (public: the signature and the status API decide)

    app.post(
      '/midtrans/notification',
      {
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        schema: { ...publicRoute, response: { 200: z.object({ ok: z.literal(true) }) } },
      },
      async (request) => {
        await handleMidtransNotification(ctx, request.body);
        return { ok: true as const };
      },
    );

    // --- the operator's side of payments

    app.get(
      '/admin/transaction',
      {
        ...admin,
        schema: { querystring: adminTransactionListQuery, response: { 200: adminTransactionPage } },
      },
      async (request) =>
        adminListTransactions(ctx, parseInput(adminTransactionListQuery, request.query ?? {})),
    );

    app.get<IdRoute>(
      '/admin/transaction/:id',
      { ...admin, schema: { params: idParams, response: { 200: adminTransaction } } },
      async (request) => adminGetTransaction(ctx, request.params.id),
    );

    app.get<IdRoute>(
      '/admin/transaction/:id/proof',
      { ...admin, schema: { params: idParams, response: { 200: fileResponse } } },
      async (request, reply) => {
        const proof = await openProof(ctx, request.params.id);
        return reply.headers(proof.headers).send(proof.stream);
      },
    );

    app.get<IdRoute>(
      '/admin/transaction/:id/invoice',
      { ...admin, schema: { params: idParams, response: { 200: fileResponse } } },
      async (request, reply) => sendInvoice(reply, request.params.id),
    );

    app.post<IdRoute>(
      '/admin/transaction/:id/confirm',
      { ...admin, schema: { params: idParams, response: { 200: transaction } } },
      async (request) => {
        const confirmed = await audited(ctx, authOf(request), confirmTarget(ctx, request.params.id), () =>
          confirmTransfer(ctx, request.params.id),
        );
        return confirmed.transaction;
      },
    );

    app.post<IdRoute>(
      '/admin/transaction/:id/reject',
      { ...admin, schema: { params: idParams, body: reasonBody, response: { 200: transaction } } },
      async (request) => {
        const { reason } = parseInput(reasonBody, request.body);
        return audited(
          ctx,
          authOf(request),
          transactionTarget(ctx, 'transaction.reject', request.params.id),
          () => rejectTransfer(ctx, request.params.id, reason),
        );
      },
    );

    app.post<IdRoute>(
      '/admin/transaction/:id/cancel',
      { ...admin, schema: { params: idParams, response: { 200: transaction } } },
      async (request) =>
        audited(ctx, authOf(request), transactionTarget(ctx, 'transaction.cancel', request.params.id), () =>
          cancelByOperator(ctx, request.params.id),
        ),
    );

    app.get<IdRoute>(
      '/admin/transaction/:id/midtrans',
      { ...admin, schema: { params: idParams, response: { 200: midtransRawStatus } } },
      async (request) => {
        const row = await transactionRow(ctx, request.params.id);
        if (!row || row.method !== 'midtrans') throw new AppError('NOT_FOUND', M.notFound);
        return syncWithMidtrans(ctx, row.reference);
      },
    );

    app.put<IdRoute>(
      '/admin/user/:id/subscription',
      {
        ...admin,
        schema: {
          params: idParams,
          body: subscriptionAdjustmentBody,
          response: { 200: subscriptionAdjustment },
        },
      },
      async (request) => {
        const input = parseInput(subscriptionAdjustmentBody, request.body);
        return audited(ctx, authOf(request), subscriptionTarget(ctx, request.params.id), () =>
          adjustSubscription(ctx, authOf(request).subjectId, request.params.id, input),
        );
      },
    );

    app.get(
      '/admin/withdrawal',
      { ...admin, schema: { querystring: adminWithdrawalListQuery, response: { 200: adminWithdrawalPage } } },
      async (request) => adminListWithdrawals(ctx, parseInput(adminWithdrawalListQuery, request.query ?? {})),
    );

    app.post<IdRoute>(
      '/admin/withdrawal/:id/approve',
      { ...admin, schema: { params: idParams, response: { 200: withdrawal } } },
      async (request) =>
        audited(ctx, authOf(request), withdrawalTarget(ctx, 'withdrawal.approve', request.params.id), () =>
          moveWithdrawal(ctx, request.params.id, 'approved'),
        ),
    );

    app.post<IdRoute>(
      '/admin/withdrawal/:id/paid',
      { ...admin, schema: { params: idParams, body: withdrawalPaidBody, response: { 200: withdrawal } } },
      async (request) => {
        const detail = parseInput(withdrawalPaidBody, request.body);
        return audited(
          ctx,
          authOf(request),
          withdrawalTarget(ctx, 'withdrawal.paid', request.params.id),
          () => moveWithdrawal(ctx, request.params.id, 'paid', detail),
        );
      },
    );

    app.post<IdRoute>(
      '/admin/withdrawal/:id/reject',
      { ...admin, schema: { params: idParams, body: reasonBody, response: { 200: withdrawal } } },
      async (request) => {
        const detail = parseInput(reasonBody, request.body);
        return audited(
          ctx,
          authOf(request),
          withdrawalTarget(ctx, 'withdrawal.reject', request.params.id),
          () => moveWithdrawal(ctx, request.params.id, 'rejected', detail),
        );
      },
    );

    // --- the affiliate programme

    app.get('/affiliate', { ...owner, schema: { response: { 200: affiliateSummary } } }, async (request) =>
      affiliateSummaryOf(ctx, ownerIdOf(request)),
    );

    app.get(
      '/affiliate/withdrawal',
      { ...owner, schema: { response: { 200: withdrawalList } } },
      async (request) => listWithdrawals(ctx, ownerIdOf(request)),
    );

    app.post(
      '/affiliate/withdrawal',
      { ...owner, schema: { body: withdrawalBody, response: { 201: withdrawal } } },
      async (request, reply) => {
        const made = await requestWithdrawal(
          ctx,
          ownerIdOf(request),
          parseInput(withdrawalBody, request.body),
        );
        return reply.code(201).send(made);
      },
    );
  };
}
