import { validate, compileErrors } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, healthResponse } from '@sapa/contracts';
import { z } from 'zod';
import { declaredSchema, json, useTestApp } from '../../../test/helpers';
import { routeTable } from '../../../test/route-table';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document', () => {
  const { t, call } = useTestApp();

  it('is served to anyone at /api/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const document = res.json() as Document;
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('documents every API route with the schema of its answer', async () => {
    const document = (await call('GET', '/api/openapi.json')).json() as Document;
    const missing: string[] = [];
    for (const route of routeTable(t.app)) {
      // the documents themselves: the whole one and the public API's (public-openapi.test.ts)
      const isDocument = route.url === '/api/openapi.json' || route.url === '/api/v1/openapi.json';
      if (!route.url.startsWith('/api/') || route.method === 'HEAD' || isDocument) continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      const answers = Object.entries(operation?.responses ?? {}).filter(([status]) => /^2/.test(status));
      const described = answers.some(([, answer]) =>
        Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
      );
      if (!described) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes a paged list by its contract: docs and hasNextPage', async () => {
    const document = (await call('GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.paths['/api/chat']!.get!.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', required: expect.arrayContaining(['docs', 'hasNextPage']) },
        },
      },
    });
  });

  it('says which routes need a session: all but the public ones (signing in, probes, media files)', async () => {
    const document = (await call('GET', '/api/openapi.json')).json() as {
      security: unknown;
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(document.security).toEqual([{ token: [] }, { bearer: [] }]);
    expect(document.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/media/{key}']!.get!.security).toEqual([]);
    expect(document.paths['/api/chat']!.get!.security).toBeUndefined();
    expect(document.paths['/api/auth/logout']!.post!.security).toBeUndefined();
    expect(document.paths['/api/chat']!.get!.responses['4XX']).toMatchObject({
      content: { 'application/json': { schema: { required: expect.arrayContaining(['code', 'message']) } } },
    });
  });

  it("is what the tests read every answer through: the answering route's schema, the error body for errors", async () => {
    const health = await call('GET', '/api/health');
    expect(declaredSchema(health)).toBe(healthResponse);
    expect(json(health)).toEqual({ status: 'ok' });
    expect(() => json(health, z.object({ status: z.literal('ready') }))).toThrow(
      /the 200 answer to GET \/api\/health does not match its schema/,
    );
    const refused = await call('GET', '/api/user');
    expect(refused.statusCode).toBe(401);
    expect(declaredSchema(refused)).toBe(apiErrorBody);
  });
});
