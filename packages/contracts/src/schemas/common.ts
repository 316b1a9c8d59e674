import { z } from 'zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '../errors';
import { LIMITS } from '../limits';

/** page and limit query parameters of every paged list. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Paged list responses carry docs and hasNextPage (spec §3). */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ docs: z.array(item), hasNextPage: z.boolean() });

export interface Paged<T> {
  docs: T[];
  hasNextPage: boolean;
}

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The JSON body of every error response (errors.ts `ApiErrorBody`): a code of ERROR_CODES. */
export const apiErrorBody = z.object({
  statusCode: z.number().int().min(400).max(599),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  message: z.string().min(1),
  fields: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<ApiErrorBody>;

/** The `{id}` of a path (`/chat/{id}`). */
export const idParams = z.object({ id: z.string() });
