import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParams, reportPeriodQuery } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { spreadsheetResponse, type ContractTypeProvider } from '../../plugins/openapi';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import {
  exportBroadcast,
  exportBroadcastPeriod,
  exportStatusPeriod,
  requireReportViewer,
  type ReportDownload,
} from './export';

type IdParams = { Params: { id: string } };

/** Sends a workbook as it is written (fastify destroys the stream when the client leaves). */
function send(reply: FastifyReply, download: ReportDownload) {
  void reply.headers(download.headers);
  return reply.send(download.stream);
}

/**
 * /api/report/{kind}/export (issue 24 part 4): every row of a report as .xlsx, streamed. The owner,
 * and agents the owner allowed to open reports (403 for the others).
 */
export function reportExportRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    const member = requireSession(ctx, ['user', 'agent']);
    const viewer = {
      preHandler: [
        member,
        async (request: FastifyRequest) => requireReportViewer(ctx, actorOf(authOf(request))),
      ],
    };

    app.get(
      '/report/broadcast/export',
      { ...viewer, schema: { querystring: reportPeriodQuery, response: { 200: spreadsheetResponse } } },
      async (request, reply) =>
        send(
          reply,
          await exportBroadcastPeriod(
            ctx,
            actorOf(authOf(request)),
            parseInput(reportPeriodQuery, request.query),
          ),
        ),
    );

    app.get<IdParams>(
      '/report/broadcast/:id/export',
      { ...viewer, schema: { params: idParams, response: { 200: spreadsheetResponse } } },
      async (request, reply) =>
        send(reply, await exportBroadcast(ctx, actorOf(authOf(request)), request.params.id)),
    );

    app.get(
      '/report/status/export',
      { ...viewer, schema: { querystring: reportPeriodQuery, response: { 200: spreadsheetResponse } } },
      async (request, reply) =>
        send(
          reply,
          exportStatusPeriod(ctx, actorOf(authOf(request)), parseInput(reportPeriodQuery, request.query)),
        ),
    );
  };
}
