import type { FastifyInstance, FastifyRequest } from 'fastify';
import { devMailList, healthResponse, publicConfig, readyResponse } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { publicRoute, type ContractTypeProvider } from '../../plugins/openapi';
import { listDevMail } from '../mail/mailer';
import { siteSettingsOf } from '../admin/site-settings';
import { publicApiDocument } from './public-openapi';

/** The origin the request was sent to (behind TRUST_PROXY, the proxy's), else the configured one. */
function originOf(request: FastifyRequest, publicUrl: string): string {
  const host = request.host;
  return host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? `${request.protocol}://${host}` : publicUrl;
}

/**
 * Health, readiness, the public settings, the OpenAPI document and (without SMTP, for operators)
 * the dev mailbox.
 */
export function systemRoutes(ctx: AppContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ContractTypeProvider>();
    app.get('/health', { schema: { ...publicRoute, response: { 200: healthResponse } } }, async () => ({
      status: 'ok' as const,
    }));

    app.get('/ready', { schema: { ...publicRoute, response: { 200: readyResponse } } }, async () => {
      try {
        await ctx.database.ping();
      } catch (error) {
        ctx.log.error({ err: error }, 'readiness check failed');
        throw new AppError('UNAVAILABLE');
      }
      return { status: 'ready' as const, database: ctx.database.kind };
    });

    // the operator's site settings (issue 23), so a change in the admin area applies without a restart
    app.get('/config', { schema: { ...publicRoute, response: { 200: publicConfig } } }, async () => {
      const site = await siteSettingsOf(ctx);
      return {
        betaPaths: site.betaPaths,
        links: site.links,
        devMailbox: ctx.mailer.kind === 'dev',
        cloudPrices: site.cloudPrices,
      };
    });

    // the document of this API, generated from the route schemas (plugins/openapi.ts); public like
    // any API reference, it names routes and shapes, never data
    app.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());

    // the public API's own document (issue 26): the same generated document cut to /api/v1, with
    // this server as its server, for the developer holding a number's token and for
    // /user/documentation; public like the whole one (hidden from both documents itself)
    let publicDocument: Record<string, unknown> | null = null;
    app.get('/v1/openapi.json', { schema: { hide: true } }, async (request) => {
      publicDocument ??= publicApiDocument(fastify.swagger(), {
        ratePerMinute: ctx.config.limits.apiPerMinute,
      });
      return { ...publicDocument, servers: [{ url: originOf(request, ctx.config.publicUrl) }] };
    });

    // the mail the server would have sent: an operator's tool, never a stranger's (codes, reset links)
    if (ctx.mailer.kind === 'dev') {
      app.get(
        '/admin/mailbox',
        { preHandler: requireSession(ctx, ['admin']), schema: { response: { 200: devMailList } } },
        async () => ({ docs: await listDevMail(ctx.db) }),
      );
    }
  };
}
