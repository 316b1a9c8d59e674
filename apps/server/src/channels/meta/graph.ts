import type { MetaConfig } from '../../config';

/** Meta's answer to a refused call: {error: {message, type, code, error_subcode, fbtrace_id}}. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly subcode: number | null,
    message: string,
    readonly type: string | null = null,
    readonly details: string | null = null,
  ) {
    super(message);
  }

  /** 190 (and 102, 463, 467 sub-codes): the token is no longer valid: the account must be linked again. */
  get tokenInvalid(): boolean {
    return this.code === 190 || this.code === 102;
  }

  /** 4, 17, 32, 613, 80007, 130429: rate limited, try again later. */
  get rateLimited(): boolean {
    return [4, 17, 32, 613, 80007, 130429].includes(this.code);
  }
}

/** Meta could not be reached (network, timeout, a 5xx without a Graph error): try again later. */
export class GraphUnreachable extends Error {}

export interface GraphCall {
  method?: 'GET' | 'POST' | 'DELETE';
  /** path after the version, e.g. '/me/accounts' or `/${pageId}/messages` */
  path: string;
  /** query parameters (never the token: it goes in the Authorization header) */
  query?: Record<string, string | number | undefined>;
  /** a JSON body, or a FormData (media uploads) */
  body?: unknown;
  /** the user, Page or system-user token */
  token?: string;
  /** ms before the call is abandoned (GraphUnreachable); 15 s by default */
  timeoutMs?: number;
}

/** The versioned Graph API address of a path: {graphUrl}/{version}{path}. */
export function graphUrl(meta: MetaConfig, path: string, query: GraphCall['query'] = {}): string {
  const url = new URL(`${meta.graphUrl}/${meta.graphVersion}${path}`);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * One Graph API call with the token as a Bearer header (never in the url, so it never reaches a
 * log), answering the parsed JSON or throwing GraphError (Meta refused: its code and message) or
 * GraphUnreachable (no answer, or a 5xx without a Graph error).
 */
export async function graph<T = Record<string, unknown>>(meta: MetaConfig, call: GraphCall): Promise<T> {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  let body: string | FormData | undefined;
  if (call.body instanceof FormData) body = call.body;
  else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  let res: Response;
  try {
    res = await fetch(graphUrl(meta, call.path, call.query), {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs ?? 15_000),
      redirect: 'error',
    });
  } catch (err) {
    throw new GraphUnreachable(`graph ${call.path}: ${(err as Error).message}`);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = null;
  }
  const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
  if (error && typeof error === 'object') {
    const data = error.error_data as { details?: unknown } | undefined;
    throw new GraphError(
      res.status,
      Number(error.code ?? 0),
      error.error_subcode === undefined ? null : Number(error.error_subcode),
      String(error.message ?? 'Graph API error'),
      typeof error.type === 'string' ? error.type : null,
      typeof data?.details === 'string' ? data.details : null,
    );
  }
  if (!res.ok || parsed === null) {
    if (res.status >= 500 || parsed === null)
      throw new GraphUnreachable(`graph ${call.path}: HTTP ${res.status}`);
    throw new GraphError(res.status, 0, null, `HTTP ${res.status}`);
  }
  return parsed as T;
}

/**
 * Downloads a file Meta points at (a Cloud API media url, an attachment or profile picture url),
 * with the token when the host wants one, up to `maxBytes`. Answers the bytes and their type.
 */
export async function graphDownload(
  url: string,
  options: { token?: string; maxBytes: number; timeoutMs?: number },
): Promise<{ bytes: Buffer; contentType: string }> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (err) {
    throw new GraphUnreachable(`download: ${(err as Error).message}`);
  }
  if (!res.ok) throw new GraphUnreachable(`download: HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > options.maxBytes) throw new GraphError(413, 0, null, 'file too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > options.maxBytes) throw new GraphError(413, 0, null, 'file too large');
  return { bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
}
