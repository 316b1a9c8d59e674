import type { FastifyInstance } from 'fastify';
import { adminDashboard } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { requireSession } from '../../plugins/auth';
import { getDashboard } from './dashboard';

/** /api/admin/dashboard (issue 23): the operators' figures at a glance. */
export function dashboardRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    app.get(
      '/admin/dashboard',
      { preHandler: requireSession(ctx, ['admin']), schema: { response: { 200: adminDashboard } } },
      async () => getDashboard(ctx),
    );
  };
}
