import multipart from '@fastify/multipart';
import { ATTACHMENT_MESSAGES, uploadedMedia } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { fileResponse, publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { authOf, requireSession } from '../../plugins/auth';
import { actorOf } from '../auth/actor';
import { closeMediaStore, serveMedia, storeUpload } from './service';

type KeyParams = { Params: { key: string } };

/**
 * Makes a plugin accept uploads for storeUpload: multipart bodies (in this plugin only), every other body
 * type but JSON refused unread, and answers sent mid-upload closing the connection. For a plugin of upload
 * routes (the customer simulator registers it for its own).
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError('VALIDATION', ATTACHMENT_MESSAGES.fileRequired, undefined, { connection: 'close' }));
  });
  // A 401 or a refusal sent while the client is still uploading: Node would otherwise read and discard
  // the rest of the body, whatever its size, to keep the connection.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) void reply.header('connection', 'close');
  });
}

/** /api/chat/media (upload) and /api/media/{key} (download). */
export function mediaRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    await acceptUploads(app);
    app.addHook('onClose', async () => closeMediaStore(ctx));

    const member = { preHandler: requireSession(ctx, ['user', 'agent']) };

    app.post(
      '/chat/media',
      { ...member, schema: { consumes: ['multipart/form-data'], response: { 200: uploadedMedia } } },
      async (request) => storeUpload(ctx, actorOf(authOf(request)).ownerId, request),
    );

    // Public: <img src> and <audio src> cannot send the token header; the random key is the secret.
    // GET and HEAD in one route: Fastify's own HEAD would read the whole file and drop the length.
    app.route<KeyParams>({
      method: ['GET', 'HEAD'],
      url: '/media/:key',
      schema: {
        ...publicRoute,
        params: z.object({ key: z.string() }),
        response: { 200: fileResponse, 206: fileResponse },
      },
      handler: async (request, reply) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const served = await serveMedia(ctx, request.params.key, {
          method: request.method,
          range: header('range'),
          ifRange: header('if-range'),
          ifNoneMatch: header('if-none-match'),
        });
        void reply.code(served.status).headers(served.headers);
        return reply.send(served.stream ?? undefined);
      },
    });
  };
}
