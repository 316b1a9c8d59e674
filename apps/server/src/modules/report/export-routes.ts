import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/report/{kind}/export (issue 24): every row of a report as .xlsx, streamed. */
export function reportExportRoutes(_ctx: AppContext) {
  return async (_fastify: FastifyInstance) => {};
}
