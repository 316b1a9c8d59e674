import type { ApiErrorBody } from '@sapa/contracts';
import { buildUrl, type Query } from './api-client';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';
import { WEB_MESSAGES } from '@sapa/contracts';

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  signal?: AbortSignal;
}

/**
 * An API call that answers a file (an Excel export): sends the session token like apiRequest and
 * returns the body as a Blob. A refusal throws an ApiError with the server's Indonesian message; a
 * 401 ends the session (the route guard then leaves for /login).
 */
export async function apiBlob(path: string, options: DownloadOptions = {}): Promise<Blob> {
  const { method = 'GET', query, signal } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: { token: sessionStore.token() },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, WEB_MESSAGES.networkError);
  }
  if (!response.ok) {
    let body: Partial<ApiErrorBody> | null = null;
    try {
      body = JSON.parse(await response.text()) as Partial<ApiErrorBody>;
    } catch {
      body = null;
    }
    if (response.status === 401) sessionStore.clear();
    throw ApiError.fromBody(response.status, body, WEB_MESSAGES.unexpectedError);
  }
  return response.blob();
}

/** Characters no file system accepts in a name become '-'. */
export function safeFileName(name: string, fallback = 'berkas'): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return cleaned || fallback;
}

/** Hands a Blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // give the browser time to start the download before the blob is let go
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/** apiBlob, then saveBlob under `name`. */
export async function downloadApiFile(path: string, name: string, options: DownloadOptions = {}) {
  saveBlob(await apiBlob(path, options), name);
}
