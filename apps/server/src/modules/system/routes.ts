import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { listDevMail } from '../mail/mailer';

/** Health, readiness, the public settings and (without SMTP, for operators) the dev mailbox. */
export function systemRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/health', async () => ({ status: 'ok' }));

    app.get('/ready', async () => {
      try {
        await ctx.database.ping();
      } catch (error) {
        ctx.log.error({ err: error }, 'readiness check failed');
        throw new AppError('UNAVAILABLE');
      }
      return { status: 'ready', database: ctx.database.kind };
    });

    app.get('/config', async (): Promise<PublicConfig> => ({
      betaPaths: ctx.config.betaPaths,
      links: ctx.config.links,
      devMailbox: ctx.mailer.kind === 'dev',
    }));

    // the mail the server would have sent: an operator's tool, never a stranger's (codes, reset links)
    if (ctx.mailer.kind === 'dev') {
      app.get('/admin/mailbox', { preHandler: requireSession(ctx, ['admin']) }, async () => ({
        docs: await listDevMail(ctx.db),
      }));
    }
  };
}
