import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { AppError } from '../../lib/errors';

/** What Meta may POST at once: a batch of entries is small (Meta caps a delivery well below this). */
export const META_WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The job that processes one verified webhook delivery (jobs/kinds.ts 'meta.webhook'). */
export const META_WEBHOOK_JOB = 'meta.webhook';

/** A verified delivery: `object` is 'page' (Messenger), 'instagram' or 'whatsapp_business_account'. */
export interface MetaDelivery {
  object: string;
  entry: unknown[];
}

export type MetaWebhookHandler = (delivery: MetaDelivery) => Promise<void>;

const handlers = new WeakMap<AppContext['connectors'], Map<string, MetaWebhookHandler>>();

/**
 * Registers the processing of one webhook object ('page', 'instagram', 'whatsapp_business_account'),
 * once when the app is built (kept with `ctx.connectors`, so each app has its own).
 */
export function onMetaWebhook(
  ctx: Pick<AppContext, 'connectors'>,
  object: string,
  handler: MetaWebhookHandler,
): void {
  let map = handlers.get(ctx.connectors);
  if (!map) handlers.set(ctx.connectors, (map = new Map()));
  map.set(object, handler);
}

/** The registered handler of an object, or undefined (the delivery is logged and dropped). */
export function metaWebhookHandler(
  ctx: Pick<AppContext, 'connectors'>,
  object: string,
): MetaWebhookHandler | undefined {
  return handlers.get(ctx.connectors)?.get(object);
}

/**
 * Whether `header` (X-Hub-Signature-256: 'sha256=<hex>') is the app secret's HMAC-SHA256 of the raw
 * bytes Meta sent. The raw bytes, never re-serialised JSON: Meta signs its escaped form (\u00e4, \/).
 * Compared in constant time.
 */
export function metaSignatureMatches(appSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const delivery = z.object({ object: z.string().min(1).max(100), entry: z.array(z.unknown()).max(1000) });

const verifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * /webhooks/meta (issue 25 part 3), public: Meta's own calls.
 * - GET: the subscription check - the raw challenge when the verify token is ours, else 403.
 * - POST: believed only with a valid X-Hub-Signature-256 over the raw body (401, nothing stored,
 *   otherwise); answered at once, processed by the 'meta.webhook' job through the channels' ingest.
 */
export function metaWebhookRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    // the raw bytes, for the signature; parsed only once verified
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: META_WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.get(
      '/webhooks/meta',
      { schema: { ...publicRoute, querystring: verifyQuery, response: { 200: z.string() } } },
      async (request, reply) => {
        const query = request.query as z.infer<typeof verifyQuery>;
        const { verifyToken } = ctx.config.meta;
        const token = query['hub.verify_token'] ?? '';
        const ok =
          ctx.config.meta.configured &&
          query['hub.mode'] === 'subscribe' &&
          token.length === verifyToken.length &&
          timingSafeEqual(Buffer.from(token), Buffer.from(verifyToken));
        if (!ok) throw new AppError('FORBIDDEN');
        return reply.type('text/plain').send(query['hub.challenge'] ?? '');
      },
    );

    app.post(
      '/webhooks/meta',
      {
        bodyLimit: META_WEBHOOK_BODY_LIMIT,
        schema: { ...publicRoute, response: { 200: z.object({ ok: z.literal(true) }) } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (
          !metaSignatureMatches(
            ctx.config.meta.appSecret,
            raw,
            typeof header === 'string' ? header : undefined,
          )
        ) {
          ctx.log.warn('meta webhook with a bad signature refused');
          throw new AppError('UNAUTHORIZED', 'Tanda tangan webhook tidak valid');
        }
        let parsed: MetaDelivery;
        try {
          parsed = delivery.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          throw new AppError('VALIDATION');
        }
        await ctx.jobs.enqueue(ctx.db, META_WEBHOOK_JOB, parsed);
        ctx.jobs.wake();
        return { ok: true as const };
      },
    );
  };
}

/** The 'meta.webhook' job: hands a verified delivery to its object's handler; unknown objects are logged. */
export function defineMetaWebhookJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: META_WEBHOOK_JOB,
    run: async (payload) => {
      const handler = metaWebhookHandler(ctx, payload.object);
      if (!handler) {
        ctx.log.warn({ object: payload.object }, 'meta webhook of an unknown object dropped');
        return;
      }
      await handler(payload as MetaDelivery);
    },
  });
}
