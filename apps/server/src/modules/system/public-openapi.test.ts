import { validate, compileErrors } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_VERIFY_SNIPPET } from '@sapa/contracts';
import { useTestApp } from '../../../test/helpers';
import { routeTable } from '../../../test/route-table';

type Response = {
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema?: unknown }>;
};
type Operation = {
  security?: unknown;
  tags?: string[];
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, { required?: string[] }>;
    headers: Record<string, unknown>;
  };
};

const URL = '/api/v1/openapi.json';

describe('the public API document (/api/v1/openapi.json)', () => {
  const { t, call } = useTestApp();
  const fetchDocument = async (host?: string) => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: host ? { host } : {} });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('is served to anyone, without a token, and is a valid OpenAPI 3.1 document', async () => {
    const res = await call('GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const document = res.json() as Document;
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents every /api/v1 route of the server with its methods, and nothing else', async () => {
    const document = (await fetchDocument()).json() as Document;
    const expected = new Set<string>();
    for (const route of routeTable(t.app)) {
      if (!route.url.startsWith('/api/v1/') || route.method === 'HEAD' || route.url === URL) continue;
      expected.add(`${route.method.toLowerCase()} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
    expect(expected.size).toBeGreaterThanOrEqual(4);
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths))
      for (const method of Object.keys(item)) documented.add(`${method} ${path}`);
    expect([...documented].sort()).toEqual([...expected].sort());
    // the session API and the document itself stay out
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(document.paths[URL]).toBeUndefined();
  });

  it('names the bearer token of a number as its only authentication', async () => {
    const document = (await fetchDocument()).json() as Document;
    expect(document.info.title).toBe('Sapa API publik');
    expect(document.info.version).toBeTruthy();
    expect(document.info.description).toContain('Authorization: Bearer <token nomor>');
    expect(document.info.description).toContain('Integrasi > WhatsApp > Reset token API');
    expect(document.info.description).toContain('Idempotency-Key');
    expect(document.info.description).toContain('X-RateLimit-Remaining');
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer']);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item)) expect(operation.security).toEqual([{ bearer: [] }]);
  });

  it('has this server as its server: the origin the request was sent to', async () => {
    expect(((await fetchDocument('api.contoh.test')).json() as Document).servers).toEqual([
      { url: 'http://api.contoh.test' },
    ]);
    expect(((await fetchDocument('127.0.0.1:3298')).json() as Document).servers).toEqual([
      { url: 'http://127.0.0.1:3298' },
    ]);
  });

  it('documents the rate-limit headers, 429 with Retry-After, the error body and Idempotency-Key', async () => {
    const document = (await fetchDocument()).json() as Document;
    const error = document.components.schemas.Error;
    expect(error?.required).toEqual(expect.arrayContaining(['statusCode', 'code', 'message']));
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'])
      expect(document.components.headers[name]).toBeDefined();
    const errorRef = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const label = `${method} ${path}`;
        const success = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
        expect(success.length, label).toBe(1);
        expect(Object.keys(success[0]![1].headers ?? {}), label).toEqual(
          expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
        expect(operation.responses['429']?.headers?.['Retry-After'], label).toEqual({
          $ref: '#/components/headers/Retry-After',
        });
        expect(operation.responses['429']?.content, label).toEqual(errorRef);
        expect(operation.responses['4XX']?.content, label).toEqual(errorRef);
        expect(operation.tags?.length, label).toBe(1);
        if (method === 'post') {
          const key = operation.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
          expect(key?.description, label).toMatch(/24 jam/);
          expect(Object.keys(success[0]![1].headers ?? {}), label).toContain('Idempotent-Replayed');
        }
      }
    }
  });

  it('documents every webhook event with its signature header, schema and the verification snippet', async () => {
    const document = (await fetchDocument()).json() as Document & {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: unknown } }>;
      info: { description: string };
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [type, item] of Object.entries(document.webhooks)) {
      expect(
        item.post.parameters.map((p) => p.name),
        type,
      ).toContain('Sapa-Signature');
      const ref = JSON.stringify(item.post.requestBody).match(/#\/components\/schemas\/(\w+)/)?.[1];
      expect(ref && document.components.schemas[ref], type).toBeTruthy();
    }
    expect(document.info.description).toContain(WEBHOOK_VERIFY_SNIPPET.trim());
  });

  it('keeps the whole document at /api/openapi.json unchanged by the cut', async () => {
    const whole = (await call('GET', '/api/openapi.json')).json() as Document;
    await fetchDocument();
    const again = (await call('GET', '/api/openapi.json')).json() as Document;
    expect(again).toEqual(whole);
    expect(Object.keys(whole.components.securitySchemes)).toEqual(['token', 'bearer', 'sandboxKey']);
    expect(whole.paths['/api/chat']).toBeDefined();
  });
});
