import * as api from '@sapa/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/helpers';

let t: TestApp;
let web: TestApp;
let webDir: string;

beforeAll(async () => {
  t = await createTestApp();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="id"><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
  web = await createTestApp({ env: { SAPA_WEB_DIST: webDir } });
});
afterAll(async () => {
  await t.close();
  await web.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('health and readiness', () => {
  it('answers liveness and database readiness', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/api/health' }), api.healthResponse)).toEqual({
      status: 'ok',
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready, api.readyResponse)).toMatchObject({ status: 'ready' });
  });

  it('reports 503 in Indonesian when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.ctx.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(json(res, api.apiErrorBody)).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'Layanan sedang tidak tersedia. Silakan coba lagi',
    });
    await broken.app.close();
  });
});

describe('errors', () => {
  it('unknown API paths answer a JSON 404, never the web app', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(json(res, api.apiErrorBody)).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Alamat tidak ditemukan',
    });
  });

  it('malformed JSON gets an Indonesian 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, api.apiErrorBody).message).toBe('Data yang dikirim tidak valid');
  });

  it('5xx never echo internals', async () => {
    const broken = await createTestApp();
    await broken.ctx.database.close();
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'a@b.co', password: 'x' },
    });
    expect(res.statusCode).toBe(500);
    expect(json(res, api.apiErrorBody)).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Terjadi kesalahan pada server. Silakan coba lagi',
    });
    await broken.app.close();
  });
});

describe('web app', () => {
  it('serves the SPA for client routes, assets with long caching, and security headers', async () => {
    const page = await web.app.inject({ method: 'GET', url: '/user/chat/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();

    // the same headers on API answers, errors included
    const api = await web.app.inject({ method: 'GET', url: '/api/chat' });
    expect(api.statusCode).toBe(401);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'strict-transport-security',
    ])
      expect(api.headers[name], name).toBe(page.headers[name]);
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    // a file added after start is served at once; a missing asset is a 404, not the SPA
    fs.writeFileSync(path.join(webDir, 'assets', 'later-456.js'), 'console.log(2)');
    expect((await web.app.inject({ method: 'GET', url: '/assets/later-456.js' })).statusCode).toBe(200);
    expect((await web.app.inject({ method: 'GET', url: '/assets/gone-789.js' })).statusCode).toBe(404);
  });

  it('publishes the beta paths and links as a server-side setting', async () => {
    const config = json(await t.app.inject({ method: 'GET', url: '/api/config' }), api.publicConfig);
    expect(config).toMatchObject({
      betaPaths: ['/user/integration/instagram', '/user/integration/messenger'],
      devMailbox: true,
    });
  });
});
