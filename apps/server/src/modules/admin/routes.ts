import type { FastifyInstance } from 'fastify';
import { adminProfile, updateAdminBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { getAdmin, updateAdmin } from './service';

/** /api/admin: the operator's own profile (spec §7 'Profile and admin'). */
export function adminRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const admin = { preHandler: requireSession(ctx, ['admin']) };
    app.get('/admin', { ...admin, schema: { response: { 200: adminProfile } } }, async (request) =>
      getAdmin(ctx, authOf(request)),
    );
    app.patch(
      '/admin',
      { ...admin, schema: { body: updateAdminBody, response: { 200: adminProfile } } },
      async (request) => updateAdmin(ctx, authOf(request), parse(updateAdminBody, request.body)),
    );
  };
}
