import type { preHandlerAsyncHookHandler } from 'fastify';
import { CONTACT_MESSAGES } from '@sapa/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';

/**
 * Validates with a contact schema. Unlike the shared `parse`, the message is not prefixed with the
 * field's name: 'Nama grup tidak valid' already says which field is wrong (as labels do).
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION', result.error.issues[0]?.message, fields);
}

/**
 * A preHandler for the owner's writes: any member's session is resolved (401 without one), then an
 * agent gets 403 OWNER_ONLY with the contacts' own message.
 */
export function ownerOnly(ctx: AppContext): preHandlerAsyncHookHandler {
  const member = requireSession(ctx, ['user', 'agent']);
  return async function (request, reply) {
    await member.call(this, request, reply);
    if (request.auth?.kind !== 'user') throw new AppError('OWNER_ONLY', CONTACT_MESSAGES.ownerOnly);
  };
}

/** The text searched for as itself inside a LIKE pattern (the default escape is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
