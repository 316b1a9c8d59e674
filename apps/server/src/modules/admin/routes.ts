import type { FastifyInstance } from 'fastify';
import { updateAdminBody } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { getAdmin, updateAdmin } from './service';

/** /api/admin: the operator's own profile (spec §7 'Profile and admin'). */
export function adminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const admin = { preHandler: requireSession(ctx, ['admin']) };
    app.get('/admin', admin, async (request) => getAdmin(ctx, authOf(request)));
    app.patch('/admin', admin, async (request) =>
      updateAdmin(ctx, authOf(request), parse(updateAdminBody, request.body)),
    );
  };
}
