import type { ApiErrorBody } from '@sapa/contracts';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';
import { WEB_MESSAGES } from '@sapa/contracts';

export type Query = Record<
  string,
  string | number | boolean | readonly (string | number)[] | null | undefined
>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

const API_BASE = '/api';
let onUnauthorized: () => void = () => {};

/** Called after a 401 has cleared the session; the app navigates to /login here. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** `/api` + path with its query string; exported for requests that do not answer JSON (downloads). */
export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The one fetch wrapper: sends the session token in the `token` header (empty when signed out),
 * parses JSON, and throws an ApiError carrying the server's Indonesian message and field errors.
 * Callers decide whether a failure toasts (spec §8 keeps many failures silent).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { token: sessionStore.token(), accept: 'application/json' };
  // a FormData body (file uploads) sets its own multipart content type
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, WEB_MESSAGES.networkError);
  }

  const data = await readJson(response);
  if (!response.ok) {
    // spec §4/§8: a 401 outside /auth ends the session.
    if (response.status === 401 && !path.includes('/auth')) {
      sessionStore.clear();
      onUnauthorized();
    }
    throw ApiError.fromBody(
      response.status,
      data as Partial<ApiErrorBody> | null,
      WEB_MESSAGES.unexpectedError,
    );
  }
  return data as T;
}

/** Shorthands for the common verbs. */
export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query }),
};
