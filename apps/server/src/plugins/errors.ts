import type { FastifyError, FastifyInstance } from 'fastify';
import { defaultErrorMessage, type ApiErrorBody, type ErrorCode } from '@sapa/contracts';
import { AppError } from '../lib/errors';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION';
}

/** One error handler: a code, a status and an Indonesian message; 5xx never echo internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
