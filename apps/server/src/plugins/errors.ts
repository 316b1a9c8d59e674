import type { FastifyError, FastifyInstance } from 'fastify';
import { defaultErrorMessage, type ApiErrorBody, type ErrorCode } from '@sapa/contracts';
import { AppError, isNulCharacterError, nulCharacterError, rejectNul } from '../lib/errors';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION';
}

/**
 * One error handler: a code, a status and an Indonesian message; 5xx never echo internals.
 * Also refuses, for every route, a NUL character (U+0000) anywhere in the query string, the path's
 * parameters or a JSON body, before any handler runs: PostgreSQL cannot store one, and the statement
 * failing would have answered 500. A NUL that still reaches PostgreSQL some other way (its 22021 or
 * 22P05) is answered as the same 400. Provider webhooks are left alone: their payloads are signed
 * and refusing one would only make the provider send it again.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.url.startsWith('/webhooks/')) return done();
    try {
      rejectNul(request.query, request.params, request.body);
      done();
    } catch (error) {
      done(error as AppError);
    }
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError) && isNulCharacterError(error)) error = nulCharacterError();
    if (error instanceof AppError) {
      const body: ApiErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send(body);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ApiErrorBody = {
        statusCode: 500,
        code: 'INTERNAL',
        message: defaultErrorMessage('INTERNAL'),
      };
      return reply.code(500).send(body);
    }
    const code = codeForStatus(status);
    const body: ApiErrorBody = { statusCode: status, code, message: defaultErrorMessage(code) };
    return reply.code(status).send(body);
  });
}
