import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/report/* (issue 24): what broadcasts and statuses achieved. */
export function reportRoutes(_ctx: AppContext) {
  return async (_fastify: FastifyInstance) => {};
}
