import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/admin/dashboard (issue 23): the operators' figures at a glance. */
export function dashboardRoutes(_ctx: AppContext) {
  return async (_fastify: FastifyInstance) => {};
}
