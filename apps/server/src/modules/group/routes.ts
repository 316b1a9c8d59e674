import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/group: contact groups, their contacts and columns (spec §7 'Groups and contacts'). */
export function groupRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
