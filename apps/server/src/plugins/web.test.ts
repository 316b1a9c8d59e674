import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

/** A built web app as scripts/compress-web.mjs leaves it: each text file beside its .br and .gz. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-web-'));
const html = `<!doctype html><html lang="id"><head><title>Sapa</title></head><body><div id="root"></div>${'<!-- isi -->'.repeat(200)}</body></html>`;
fs.writeFileSync(path.join(dist, 'index.html'), html);
fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log("sapa")');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the web app at /', () => {
  const { t } = useTestApp({ env: { SAPA_WEB_DIST: dist } });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('answers a client that sends no Accept-Encoding (health checks, curl) with the HTML itself', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(html);
    const head = await get('/', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('still sends the precompressed file to a client that accepts it', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('serves client routes and assets as before, and a missing asset is a 404', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const route = await get('/user/inbox', headers);
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await get('/user/inbox')).body).toBe(html);
    const asset = await get('/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/tidak-ada.js')).statusCode).toBe(404);
    expect((await get('/assets/')).statusCode).toBe(404);
  });
});
