import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';

/** /api/group/excel/contact: importing contacts from an Excel or CSV file (issue 6 part 3). */
export function importRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
