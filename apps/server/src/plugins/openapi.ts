import swagger from '@fastify/swagger';
import { apiErrorBody } from '@sapa/contracts';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The type provider of every route: a route declares its Zod schemas from `@sapa/contracts`
 * (`schema: { body, querystring, params, response }`) and its reply is typed by the response schema.
 * Inputs stay `unknown` on purpose: Fastify does not validate them (see registerContracts), the
 * handler does with `parse()` after the session check, so a refusal keeps its Indonesian wording.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Route schemas from the contracts, read for two things only: the OpenAPI 3.1 document (through
 * fastify-type-provider-zod's transform) and the types above. Fastify's validation is a
 * pass-through: handlers call `parse()` after authentication (a stranger gets 401, never a 400
 * describing the body) and refusals carry the catalogue's field messages. Replies are written
 * with JSON.stringify, exactly as without a schema: no response is re-validated on its way out
 * (the chat list is JSON text built by PostgreSQL and is sent as it is; Fastify never serializes
 * a string). The tests check every answer against its contract schema instead (test/helpers `json`).
 */
export async function registerContracts(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // every route may refuse: the one error body (plugins/errors.ts), documented once for all
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    response['4xx'] ??= apiErrorBody;
    response['5xx'] ??= apiErrorBody;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sapa API',
        version: '1.0.0',
        description:
          'The REST API of Sapa. Errors answer `{ statusCode, code, message, fields? }` with an Indonesian message.',
      },
      servers: [{ url: '/' }],
      // a session, sent as the spec's `token` header or as a bearer token; public routes say so
      security: [{ token: [] }, { bearer: [] }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
          sandboxKey: { type: 'apiKey', in: 'header', name: 'x-sandbox-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** In a route's schema: anyone may call it, without a session (the document's `security: []`). */
export const publicRoute: { security: Record<string, string[]>[] } = { security: [] };

/** In a route's schema: the owner's session, or the secret link's key of one sandbox account. */
export const sandboxRoute: { security: Record<string, string[]>[] } = {
  security: [{ token: [] }, { bearer: [] }, { sandboxKey: [] }],
};

const binary = z.string().meta({ format: 'binary' });

/** The answer of a spreadsheet download (an .xlsx written as a stream), for the document. */
export const spreadsheetResponse = {
  description: 'Excel workbook',
  content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary } },
};

/** The answer of a stored file (image, audio, video, document), for the document. */
export const fileResponse = {
  description: 'The file, whole or the asked range',
  content: { '*/*': { schema: binary } },
};
