import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/admin/article (the operators' articles) and /api/article (published ones, public): issue 23. */
export function articleRoutes(_ctx: AppContext) {
  return async (_fastify: FastifyInstance) => {};
}
