import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  article,
  articleBody,
  articleListQuery,
  articlePage,
  idParams,
  messageResponse,
  publicArticlePage,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { parseInput } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { fileResponse, publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { acceptUploads } from '../media/routes';
import { serveCover, uploadCover } from './cover';
import { ARTICLE_MESSAGES as M } from './messages';
import {
  createArticle,
  deleteArticle,
  getArticle,
  getPublished,
  listArticles,
  listPublished,
  setPublished,
  updateArticle,
} from './service';

type IdRoute = { Params: { id: string } };
type SlugRoute = { Params: { slug: string } };
type KeyRoute = { Params: { key: string } };

/** GET /article: only the paging of the admin list's query. */
const publicListQuery = articleListQuery.pick({ page: true, limit: true });
const slugParams = z.object({ slug: z.string() });
const coverUpload = z.object({ url: z.string() });

/**
 * /api/admin/article (the operators' articles: admin sessions only, every write audited) and
 * /api/article (the published ones, public: the pages /artikel and /artikel/{slug}): issue 23.
 */
export function articleRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    // the cover upload is multipart; every other body of this plugin is JSON
    await acceptUploads(app);
    const admin = { preHandler: requireSession(ctx, ['admin']) };

    app.get(
      '/admin/article',
      { ...admin, schema: { querystring: articleListQuery, response: { 200: articlePage } } },
      async (request) => listArticles(ctx, parseInput(articleListQuery, request.query)),
    );

    app.post(
      '/admin/article',
      { ...admin, schema: { body: articleBody, response: { 201: article } } },
      async (request, reply) => {
        const created = await createArticle(ctx, authOf(request), parseInput(articleBody, request.body));
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/admin/article/cover',
      { ...admin, schema: { consumes: ['multipart/form-data'], response: { 200: coverUpload } } },
      async (request) => uploadCover(ctx, request),
    );

    app.get<IdRoute>(
      '/admin/article/:id',
      { ...admin, schema: { params: idParams, response: { 200: article } } },
      async (request) => getArticle(ctx, request.params.id),
    );

    app.put<IdRoute>(
      '/admin/article/:id',
      { ...admin, schema: { params: idParams, body: articleBody, response: { 200: article } } },
      async (request) =>
        updateArticle(ctx, authOf(request), request.params.id, parseInput(articleBody, request.body)),
    );

    app.post<IdRoute>(
      '/admin/article/:id/publish',
      { ...admin, schema: { params: idParams, response: { 200: article } } },
      async (request) => setPublished(ctx, authOf(request), request.params.id, true),
    );

    app.post<IdRoute>(
      '/admin/article/:id/unpublish',
      { ...admin, schema: { params: idParams, response: { 200: article } } },
      async (request) => setPublished(ctx, authOf(request), request.params.id, false),
    );

    app.delete<IdRoute>(
      '/admin/article/:id',
      { ...admin, schema: { params: idParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteArticle(ctx, authOf(request), request.params.id);
        return { message: M.deleted };
      },
    );

    // ---- public: the published articles, read without a session

    app.get(
      '/article',
      { schema: { ...publicRoute, querystring: publicListQuery, response: { 200: publicArticlePage } } },
      async (request) => listPublished(ctx, parseInput(publicListQuery, request.query)),
    );

    app.get<SlugRoute>(
      '/article/:slug',
      { schema: { ...publicRoute, params: slugParams, response: { 200: article } } },
      async (request) => getPublished(ctx, request.params.slug),
    );

    // Public like /api/media/{key}: <img src> sends no token; the random key is the secret.
    app.route<KeyRoute>({
      method: ['GET', 'HEAD'],
      url: '/article/cover/:key',
      schema: { ...publicRoute, params: z.object({ key: z.string() }), response: { 200: fileResponse } },
      handler: async (request, reply) => {
        const served = await serveCover(ctx, request.params.key, request.method);
        void reply.headers(served.headers);
        return reply.send(served.stream ?? undefined);
      },
    });
  };
}
