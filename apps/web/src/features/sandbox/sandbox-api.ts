import { apiRequest, type Query } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

/**
 * The simulator's calls carry who may make them: the owner's session (the api client's `token`
 * header), or, opened from a secret link (/sandbox?accountId=&key=), that link's key, which
 * reaches its one sandbox account only. The key is read from the page's address once.
 */
let linkKey: string | null = null;

export function setSandboxLinkKey(key: string | null): void {
  linkKey = key || null;
}

export function sandboxLinkKey(): string | null {
  return linkKey;
}

function withKey(query: Query = {}): Query {
  return linkKey ? { ...query, key: linkKey } : query;
}

export const sandboxApi = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    apiRequest<T>(path, { query: withKey(query), signal }),
  post: <T>(path: string, body?: unknown, query?: Query) =>
    apiRequest<T>(path, { method: 'POST', body, query: withKey(query) }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body, query: withKey() }),
};

/** The socket's query: the link's key, or the session's token (a WebSocket cannot send headers). */
export function sandboxSocketAuth(): Record<string, string> {
  if (linkKey) return { key: linkKey };
  const token = sessionStore.token();
  return token ? { token } : {};
}

/** Whether the page can use the simulator at all: signed in, or opened from a link. */
export function canUseSandbox(): boolean {
  return Boolean(linkKey || sessionStore.token());
}
