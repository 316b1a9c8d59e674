import type { ApiErrorBody } from '@sapa/contracts';

/** A failed API call: the HTTP status (0 when the server could not be reached) and its Indonesian message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Field name -> Indonesian message, for form errors. */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, code?: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields ?? {};
  }

  static fromBody(status: number, body: Partial<ApiErrorBody> | null, fallback: string): ApiError {
    return new ApiError(
      status,
      typeof body?.message === 'string' && body.message ? body.message : fallback,
      body?.code,
      body?.fields,
    );
  }
}

/** The message to show for any thrown value: the server's message for API errors. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
