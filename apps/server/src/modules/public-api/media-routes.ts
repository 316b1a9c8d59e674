import type { FastifyInstance } from 'fastify';
import { publicMediaUpload, publicPostHeaders, publicUploadedMedia } from '@sapa/contracts';
import type { AppContext } from '../../context';
import type { ContractTypeProvider } from '../../plugins/openapi';
import { acceptUploads } from '../media/routes';
import { receiveUpload } from '../media/service';
import { callerOf } from './auth';
import { idempotent } from './idempotency';
import { discardUpload, storeApiUpload, uploadDigest } from './media';
import { operation } from './operations';
import type { PublicGuard } from './routes';

/**
 * POST /api/v1/media, in a plugin of its own: multipart bodies are accepted here only (acceptUploads),
 * the other public routes keep taking JSON alone. The token and the rate budget are checked before
 * a byte of the file is read.
 */
export function mediaRoutes(ctx: AppContext, guard: PublicGuard) {
  return async (fastify: FastifyInstance) => {
    await acceptUploads(fastify);
    const app = fastify.withTypeProvider<ContractTypeProvider>();

    app.post(
      '/v1/media',
      {
        ...guard,
        schema: {
          ...operation('uploadMedia'),
          consumes: ['multipart/form-data'],
          headers: publicPostHeaders,
          body: publicMediaUpload,
          response: { 201: publicUploadedMedia },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const upload = await receiveUpload(ctx, request, undefined, caller.actor.ownerId);
        try {
          const digest =
            request.headers['idempotency-key'] === undefined ? undefined : await uploadDigest(upload);
          return await idempotent(
            ctx,
            caller.account.id,
            request,
            reply,
            async () => ({ status: 201, body: await storeApiUpload(ctx, caller, upload) }),
            digest,
          );
        } finally {
          await discardUpload(upload);
        }
      },
    );
  };
}
