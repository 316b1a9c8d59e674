import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTACT_MESSAGES,
  startImportBody,
  contactImport,
  contactImportList,
  idParams,
} from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { spreadsheetResponse, type ContractTypeProvider } from '../../../plugins/openapi';
import { z } from 'zod';
import { parseInput } from '../../../lib/errors';
import { authOf, ownerOnly } from '../../../plugins/auth';
import { actorOf } from '../../auth/actor';
import { acceptUploads } from '../../media/routes';
import { contentDisposition } from '../../media/service';
import { refusedReport } from './report';
import { FILE_MIMETYPES, cancelImport, getImport, listImports, startImport, uploadImport } from './service';

type IdParams = { Params: { id: string } };

/** GET /group/excel/contact?limit: how many of the latest imports (10, at most 50). */
const importListQuery = z.object({ limit: z.coerce.number().int().min(1).optional() });

const ownerOf = (request: FastifyRequest) => actorOf(authOf(request)).ownerId;

function limitOf(query: unknown): number {
  const raw = Number((query as { limit?: unknown } | null)?.limit);
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, 50) : 10;
}

/**
 * /api/group/excel/contact: importing contacts from an Excel or CSV file (issue 6 part 3). The upload
 * is read and previewed, the owner maps its columns and starts it, and the 'contact-import' job writes
 * the rows in batches while the screen polls the progress. Owner only.
 */
export function importRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    await acceptUploads(app);
    const owner = { preHandler: ownerOnly(ctx, CONTACT_MESSAGES.ownerOnly) };

    app.post(
      '/group/excel/contact',
      { ...owner, schema: { consumes: ['multipart/form-data'], response: { 201: contactImport } } },
      async (request, reply) => {
        const created = await uploadImport(ctx, ownerOf(request), request);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/group/excel/contact',
      { ...owner, schema: { querystring: importListQuery, response: { 200: contactImportList } } },
      async (request) => listImports(ctx, ownerOf(request), limitOf(request.query)),
    );

    app.get<IdParams>(
      '/group/excel/contact/:id',
      { ...owner, schema: { params: idParams, response: { 200: contactImport } } },
      async (request) => getImport(ctx, ownerOf(request), request.params.id),
    );

    app.post<IdParams>(
      '/group/excel/contact/:id/start',
      { ...owner, schema: { params: idParams, body: startImportBody, response: { 200: contactImport } } },
      async (request) =>
        startImport(ctx, ownerOf(request), request.params.id, parseInput(startImportBody, request.body)),
    );

    app.post<IdParams>(
      '/group/excel/contact/:id/cancel',
      { ...owner, schema: { params: idParams, response: { 200: contactImport } } },
      async (request) => cancelImport(ctx, ownerOf(request), request.params.id),
    );

    app.get<IdParams>(
      '/group/excel/contact/:id/refused',
      { ...owner, schema: { params: idParams, response: { 200: spreadsheetResponse } } },
      async (request, reply) => {
        const report = await refusedReport(ctx, ownerOf(request), request.params.id);
        void reply.headers({
          'content-type': FILE_MIMETYPES.xlsx,
          'content-disposition': contentDisposition('attachment', report.name),
          'cache-control': 'no-store',
        });
        return reply.send(report.stream);
      },
    );
  };
}
