import {
  ATTACHMENT_MESSAGES,
  ERROR_CODES,
  FIELD_LABELS,
  MESSAGES,
  defaultErrorMessage,
  type ErrorCode,
} from '@sapa/contracts';
import { z } from 'zod';
import id from 'zod/v4/locales/id.js';

// Zod's own messages (a wrong type, a number out of range) in Indonesian, like the catalogue's.
z.config(id());

/** Messages that already say which field is wrong ('Latitude tidak valid'): shown without a label. */
const SELF_EXPLAINING = new Set<string>(
  [
    ...Object.entries(MESSAGES)
      .filter(([key]) => !['validation.required', 'validation.numeric', 'validation.email'].includes(key))
      .map(([, text]) => text),
    ...Object.values(ATTACHMENT_MESSAGES),
  ].filter((text) => !text.includes('{')),
);

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
  const name = FIELD_LABELS[field] ?? FIELD_LABELS[field.split('.').at(-1) ?? ''];
  const named =
    !first ||
    SELF_EXPLAINING.has(first.message) ||
    (!!name && first.message.toLowerCase().startsWith(name.toLowerCase()));
  const label = name && !named ? `${name}: ` : '';
  throw new AppError('VALIDATION', first ? `${label}${first.message}` : undefined, fields);
}
