import {
  ATTACHMENT_MESSAGES,
  ERROR_CODES,
  FIELD_LABELS,
  MESSAGES,
  defaultErrorMessage,
  t,
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

/**
 * Validates with a schema whose messages already say which field is wrong ('Nama grup tidak valid',
 * 'Nomor Telepon tidak valid'): unlike `parse`, the message is not prefixed with the field's name.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION', result.error.issues[0]?.message, fields);
}

/**
 * Where the first NUL character (U+0000) is in a request's parsed input, in a string or an object
 * key, as a path ('search', 'labelIds.0', 'contact.name'); null when there is none. PostgreSQL
 * cannot store a NUL in text or JSON (22021, 22P05), so such input is refused before it reaches a
 * statement. Walked without recursion: a deeply nested JSON body cannot exhaust the stack.
 */
export function nulPath(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || '_';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: join(path, i) });
    } else if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes('\0')) return join(path, key);
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * Parsed JSON, query strings and path parameters (Fastify's have a prototype without a constructor);
 * a Buffer, a Date or a stream body is not walked.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const constructor = (value as { constructor?: unknown }).constructor;
  return typeof constructor !== 'function' || constructor === Object;
}

/** The VALIDATION error for input holding a NUL character, naming the field when it is known. */
export function nulCharacterError(field?: string): AppError {
  const message = t('validation.nulCharacter');
  return new AppError('VALIDATION', message, field ? { [field]: message } : undefined);
}

/** Refuses input holding a NUL character (see nulPath) with a VALIDATION error naming the field. */
export function rejectNul(...inputs: unknown[]): void {
  for (const input of inputs) {
    const path = nulPath(input);
    if (path !== null) throw nulCharacterError(path);
  }
}

/** PostgreSQL's refusals of a NUL in text (22021) or in JSON (22P05), wrapped or not (drizzle's cause). */
export function isNulCharacterError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
