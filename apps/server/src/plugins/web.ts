import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@sapa/contracts';
import { defaultErrorMessage } from '@sapa/contracts';
import { templateCache, withHead, type PageHead, type PageHeadResolver } from './page-head';

const API_PREFIXES = ['/api/', '/ws', '/webhooks/'];

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every other
 * GET that is not an API path answered with index.html so client-side routes load on refresh.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string | null,
  options: { pageHead?: PageHeadResolver } = {},
): Promise<void> {
  const index = distDir ? path.join(distDir, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  const template = index ? templateCache(index) : null;
  if (hasWeb && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a new build is served without a restart.
      wildcard: true,
      // `/` is the app itself: without an index a client sending no Accept-Encoding (a health
      // check, curl, a load balancer) got 403 for the directory; with one each client gets
      // index.html, precompressed (.br, .gz) when it accepts that, as it is otherwise.
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn('web app not built: run `npm run build` to serve the interface');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
    // A missing hashed asset (an old tab after a deploy) must fail as 404, not load index.html as a script.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // a public page whose head a module writes (an article's title for link previews)
      const head = options.pageHead && template ? await pageHeadOf(options.pageHead, url) : null;
      if (head && template) {
        return reply
          .code(head.status)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withHead(await template(), head));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    const body: ApiErrorBody = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: defaultErrorMessage('ROUTE_NOT_FOUND'),
    };
    return reply.code(404).send(body);
  });

  async function pageHeadOf(resolve: PageHeadResolver, url: string): Promise<PageHead | null> {
    try {
      return await resolve(url);
    } catch (err) {
      // the app itself still loads; only the link preview is lost
      app.log.warn({ err, url }, 'page head failed');
      return null;
    }
  }
}
