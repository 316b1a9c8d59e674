import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/admin/{user,operator,setting,affiliate,audit} (issue 23): the operators' admin area. */
export function adminAreaRoutes(_ctx: AppContext) {
  return async (_fastify: FastifyInstance) => {};
}
