import type { FastifyInstance } from 'fastify';
import {
  broadcastPeriodReport,
  broadcastRecipientPage,
  broadcastReport,
  idParams,
  reportPeriodQuery,
  reportRecipientQuery,
  statusPeriodReport,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { parse } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { listRecipients } from '../publication/broadcast/service';
import { reportReader } from './access';
import * as broadcasts from './broadcast-report';
import * as statuses from './status-report';

type IdParams = { Params: { id: string } };

/**
 * /api/report/* (issue 24): what broadcasts and statuses achieved. The owner's, and agents' the owner
 * allowed (403 otherwise); every query is scoped by the caller's tenant (another's id is 404).
 */
export function reportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const reader = { preHandler: reportReader(ctx) };
    const actor = (request: Parameters<typeof authOf>[0]) => actorOf(authOf(request));

    app.get(
      '/report/broadcast',
      { ...reader, schema: { querystring: reportPeriodQuery, response: { 200: broadcastPeriodReport } } },
      async (request) =>
        broadcasts.broadcastPeriodReport(ctx, actor(request), parse(reportPeriodQuery, request.query)),
    );

    app.get<IdParams>(
      '/report/broadcast/:id',
      { ...reader, schema: { params: idParams, response: { 200: broadcastReport } } },
      async (request) => broadcasts.broadcastReport(ctx, actor(request), request.params.id),
    );

    app.get<IdParams>(
      '/report/broadcast/:id/recipient',
      {
        ...reader,
        schema: {
          params: idParams,
          querystring: reportRecipientQuery,
          response: { 200: broadcastRecipientPage },
        },
      },
      async (request) =>
        listRecipients(ctx, actor(request), request.params.id, parse(reportRecipientQuery, request.query)),
    );

    app.get(
      '/report/status',
      { ...reader, schema: { querystring: reportPeriodQuery, response: { 200: statusPeriodReport } } },
      async (request) =>
        statuses.statusPeriodReport(ctx, actor(request), parse(reportPeriodQuery, request.query)),
    );
  };
}
