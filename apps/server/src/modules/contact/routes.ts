import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /api/contact/chat: the people from the tenant's conversations (Kontak > Percakapan). */
export function contactRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
