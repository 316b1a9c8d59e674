import type { FastifyInstance } from 'fastify';
import {
  adminReferredList,
  adminReferrerListQuery,
  adminReferrerPage,
  adminUser,
  adminUserDetail,
  adminUserListQuery,
  adminUserPage,
  auditListQuery,
  auditPage,
  betaFlagBody,
  createOperatorBody,
  disableUserBody,
  idParams,
  operator,
  operatorList,
  siteSettings,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parseInput } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { listAudit } from './audit';
import { createOperator, disableOperator, enableOperator, listOperators } from './operators';
import { listReferred, listReferrers } from './referrers';
import { saveSiteSettings, siteSettingsOf } from './site-settings';
import { disableUser, enableUser, setBetaFlag } from './user-access';
import { getUserDetail, listUsers } from './users';

type IdRoute = { Params: { id: string } };

/**
 * /api/admin/{user,operator,setting,affiliate,audit} (issue 23): the operators' admin area. An admin
 * session only (owners and agents 403); every write records its audit row in its own transaction.
 */
export function adminAreaRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const admin = { preHandler: requireSession(ctx, ['admin']) };

    // --- owners

    app.get(
      '/admin/user',
      { ...admin, schema: { querystring: adminUserListQuery, response: { 200: adminUserPage } } },
      async (request) => listUsers(ctx, parseInput(adminUserListQuery, request.query)),
    );

    app.get<IdRoute>(
      '/admin/user/:id',
      { ...admin, schema: { params: idParams, response: { 200: adminUserDetail } } },
      async (request) => getUserDetail(ctx, request.params.id),
    );

    app.post<IdRoute>(
      '/admin/user/:id/disable',
      { ...admin, schema: { params: idParams, body: disableUserBody, response: { 200: adminUser } } },
      async (request) =>
        disableUser(
          ctx,
          authOf(request),
          request.params.id,
          parseInput(disableUserBody, request.body).reason,
        ),
    );

    app.post<IdRoute>(
      '/admin/user/:id/enable',
      { ...admin, schema: { params: idParams, response: { 200: adminUser } } },
      async (request) => enableUser(ctx, authOf(request), request.params.id),
    );

    app.put<IdRoute>(
      '/admin/user/:id/beta',
      { ...admin, schema: { params: idParams, body: betaFlagBody, response: { 200: adminUser } } },
      async (request) =>
        setBetaFlag(
          ctx,
          authOf(request),
          request.params.id,
          parseInput(betaFlagBody, request.body).isBetaUser,
        ),
    );

    // --- operators

    app.get('/admin/operator', { ...admin, schema: { response: { 200: operatorList } } }, async () =>
      listOperators(ctx),
    );

    app.post(
      '/admin/operator',
      { ...admin, schema: { body: createOperatorBody, response: { 201: operator } } },
      async (request, reply) => {
        const made = await createOperator(ctx, authOf(request), parseInput(createOperatorBody, request.body));
        return reply.code(201).send(made);
      },
    );

    app.post<IdRoute>(
      '/admin/operator/:id/disable',
      { ...admin, schema: { params: idParams, response: { 200: operator } } },
      async (request) => disableOperator(ctx, authOf(request), request.params.id),
    );

    app.post<IdRoute>(
      '/admin/operator/:id/enable',
      { ...admin, schema: { params: idParams, response: { 200: operator } } },
      async (request) => enableOperator(ctx, authOf(request), request.params.id),
    );

    // --- site settings (read by /api/config)

    app.get('/admin/setting/site', { ...admin, schema: { response: { 200: siteSettings } } }, async () =>
      siteSettingsOf(ctx),
    );

    app.put(
      '/admin/setting/site',
      { ...admin, schema: { body: siteSettings, response: { 200: siteSettings } } },
      async (request) => saveSiteSettings(ctx, authOf(request), parseInput(siteSettings, request.body)),
    );

    // --- affiliates

    app.get(
      '/admin/affiliate',
      { ...admin, schema: { querystring: adminReferrerListQuery, response: { 200: adminReferrerPage } } },
      async (request) => listReferrers(ctx, parseInput(adminReferrerListQuery, request.query)),
    );

    app.get<IdRoute>(
      '/admin/affiliate/:id',
      { ...admin, schema: { params: idParams, response: { 200: adminReferredList } } },
      async (request) => listReferred(ctx, request.params.id),
    );

    // --- the audit log

    app.get(
      '/admin/audit',
      { ...admin, schema: { querystring: auditListQuery, response: { 200: auditPage } } },
      async (request) => listAudit(ctx, parseInput(auditListQuery, request.query)),
    );
  };
}
