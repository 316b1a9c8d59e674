import { ERROR_CODES, FIELD_LABELS, defaultErrorMessage, type ErrorCode } from '@sapa/contracts';
import type { z } from 'zod';

/** The one error type services throw: a code, its HTTP status and an Indonesian message. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultErrorMessage(code));
    this.statusCode = ERROR_CODES[code].status;
  }
}

/** Validates input with a contracts schema; refusals become a VALIDATION error naming each field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0];
  const field = first?.path.join('.') ?? '';
  const label = field ? `${FIELD_LABELS[field] ?? field}: ` : '';
  throw new AppError('VALIDATION', first ? `${label}${first.message}` : undefined, fields);
}
