import type { FastifyInstance } from 'fastify';
import { ACCOUNT_TYPES } from '@sapa/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../chat/actor';
import { getAccount, listAccounts, toAccount } from './service';
import { listWhatsappContacts } from './whatsapp-contacts';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  types: z
    .union([z.enum(ACCOUNT_TYPES), z.array(z.enum(ACCOUNT_TYPES))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

const contactQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().max(100).optional(),
});

/** /api/account: the tenant's messaging accounts (spec §7 'Accounts'). */
export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };
    app.get('/account', member, async (request) => {
      const query = request.query as Record<string, unknown>;
      const normalised = { ...query, types: query.types ?? query['types[]'] };
      return listAccounts(ctx, actorOf(authOf(request)), parse(listQuery, normalised));
    });
    app.get<{ Params: { id: string } }>('/account/whatsapp/:id/contact', member, async (request) =>
      listWhatsappContacts(
        ctx,
        actorOf(authOf(request)),
        request.params.id,
        parse(contactQuery, request.query),
      ),
    );
    app.get<{ Params: { id: string } }>('/account/:id', member, async (request) =>
      toAccount(await getAccount(ctx, actorOf(authOf(request)), request.params.id)),
    );
  };
}
