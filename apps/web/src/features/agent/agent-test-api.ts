import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fetch stub answering by "METHOD /path" (query ignored; unknown calls answer 404). The calls whose
 * path `record` accepts (all by default) are kept in the returned list.
 */
export function stubApi(
  routes: Record<string, (body: unknown) => [number, unknown]>,
  record: (path: string) => boolean = () => true,
) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input).split('?')[0]!;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (record(path)) calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      const [status, data] = handler ? handler(body) : [404, { message: 'Alamat tidak ditemukan' }];
      return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
