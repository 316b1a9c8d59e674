import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Meta Graph API on 127.0.0.1 (issue 25 part 6), so no test reaches the internet. This file
 * is the core: a small router, the log of every request it answered, error switches and signed
 * webhook deliveries. The routes live beside it, each in its own file:
 * - fake-graph-pages.ts: the login dialog, OAuth, /me/accounts, Pages, Instagram accounts,
 *   subscribed_apps, profiles, the Send API (Messenger and Instagram);
 * - fake-graph-cloud.ts: the WhatsApp Cloud API (messages, media, templates, numbers).
 * Paths are matched without the version prefix (/v25.0/me/accounts and /me/accounts are the same).
 */

export interface GraphRequest {
  method: string;
  /** the path without the /vNN.N prefix */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** the raw body (multipart uploads stay raw) */
  raw: Buffer;
  /** the body as JSON or as a form, when it was one; else null */
  body: Record<string, unknown> | null;
  /** the bearer token or access_token parameter the caller used, or '' */
  token: string;
}

export interface GraphAnswer {
  status?: number;
  json?: unknown;
  /** a non-JSON body (media bytes, an HTML dialog) with its content type */
  raw?: { body: Buffer | string; type: string };
  /** a redirect (the login dialog) */
  redirect?: string;
}

/**
 * A route's answer; null passes the request on to the routes added before it (the Pages and the
 * Cloud API fakes both answer POST /:id/messages: each takes only the ids it knows).
 */
export type GraphHandler = (
  req: GraphRequest,
  params: Record<string, string>,
) => GraphAnswer | null | Promise<GraphAnswer | null>;

/** A Graph error as Meta answers it: {error: {message, type, code, error_subcode, fbtrace_id}}. */
export function graphError(code: number, message: string, subcode?: number, status = 400): GraphAnswer {
  return {
    status,
    json: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'GraphMethodException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: 'Afake' + Math.random().toString(36).slice(2, 10),
      },
    },
  };
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: GraphHandler;
}

export interface FakeGraph {
  /** e.g. http://127.0.0.1:41234 (META_GRAPH_URL and META_DIALOG_URL) */
  url: string;
  appId: string;
  appSecret: string;
  /** every request answered, oldest first */
  requests: GraphRequest[];
  /** requests to a path (without version) matching `pattern`, optionally of one method */
  requestsTo(pattern: RegExp, method?: string): GraphRequest[];
  /** adds a route: `path` like '/:pageId/messages'; later routes win over earlier ones */
  route(method: string, path: string, handler: GraphHandler): void;
  /**
   * The next `times` requests whose path matches `pattern` get this answer instead (an error switch:
   * graphError(10, ..., 2018278), 551, 190, 613, 131047...).
   */
  failNext(pattern: RegExp, answer: GraphAnswer, times?: number): void;
  /** X-Hub-Signature-256 of a raw body with the app secret (or another secret) */
  sign(raw: string | Buffer, secret?: string): string;
  /**
   * POSTs a webhook delivery to `url` as Meta does: the JSON text as given (so escaped forms survive),
   * signed with the app secret unless `signature` is given. Answers the status and body.
   */
  deliver(
    url: string,
    payload: unknown | string,
    signature?: string,
  ): Promise<{ status: number; body: string }>;
  /** state the route files keep (pages, users, numbers, media...), by name */
  state: Map<string, unknown>;
  close(): Promise<void>;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(raw: Buffer, type: string | undefined): Record<string, unknown> | null {
  if (!raw.length) return null;
  try {
    if (type?.includes('application/json'))
      return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    if (type?.includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  } catch {
    return null;
  }
  return null;
}

export async function startFakeGraph(
  options: { appId?: string; appSecret?: string; host?: string; port?: number } = {},
): Promise<FakeGraph> {
  const appId = options.appId ?? '1234567890';
  const appSecret = options.appSecret ?? 'fake-graph-app-secret';
  const routes: Route[] = [];
  const failures: { pattern: RegExp; answer: GraphAnswer; left: number }[] = [];
  const requests: GraphRequest[] = [];
  const state = new Map<string, unknown>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
      const raw = await readBody(req);
      const body = parseBody(raw, req.headers['content-type']);
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ')
        ? auth.slice(7)
        : (url.searchParams.get('access_token') ??
          (typeof body?.access_token === 'string' ? body.access_token : ''));
      const request: GraphRequest = {
        method: req.method ?? 'GET',
        path,
        query: url.searchParams,
        headers: req.headers,
        raw,
        body,
        token,
      };
      requests.push(request);
      let answer: GraphAnswer | null = null;
      const failure = failures.find((f) => f.left > 0 && f.pattern.test(path));
      if (failure) {
        failure.left -= 1;
        answer = failure.answer;
      } else {
        for (let i = routes.length - 1; i >= 0; i--) {
          const route = routes[i]!;
          if (route.method !== request.method) continue;
          const match = route.pattern.exec(path);
          if (!match) continue;
          const params = Object.fromEntries(
            route.names.map((n, k) => [n, decodeURIComponent(match[k + 1]!)]),
          );
          answer = await route.handler(request, params);
          if (answer) break;
        }
      }
      answer ??= graphError(100, `Unknown path components: ${path}`, 2500, 404);
      if (answer.redirect) {
        res.writeHead(answer.status ?? 302, { location: answer.redirect });
        res.end();
      } else if (answer.raw) {
        res.writeHead(answer.status ?? 200, { 'content-type': answer.raw.type });
        res.end(answer.raw.body);
      } else {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json ?? {}));
      }
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err), code: 1 } }));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const sign = (raw: string | Buffer, secret = appSecret) =>
    'sha256=' + createHmac('sha256', secret).update(raw).digest('hex');

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    requests,
    requestsTo: (pattern, method) =>
      requests.filter((r) => pattern.test(r.path) && (method === undefined || r.method === method)),
    route(method, path, handler) {
      routes.push({ method, ...compile(path), handler });
    },
    failNext(pattern, answer, times = 1) {
      failures.push({ pattern, answer, left: times });
    },
    sign,
    async deliver(url, payload, signature) {
      const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(raw) },
        body: raw,
      });
      return { status: res.status, body: await res.text() };
    },
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
