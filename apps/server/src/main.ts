import { buildApp } from './app';
import { realSocketFactory } from './channels/whatsapp-web/socket';
import { ConfigError, loadConfig } from './config';

/** Boots the server: config, database and migrations, demo seed, then listens until told to stop. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, ctx } = await buildApp({ config, whatsapp: { socketFactory: realSocketFactory } });
  let stopping = false;
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close().catch((error: unknown) => app.log.error({ err: error }, 'shutdown failed'));
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // nothing can be stored or read any more: stop, so that the supervisor starts a new process
  ctx.database.onFailure((error) => {
    app.log.fatal({ err: error }, 'embedded database thread failed');
    void shutdown('database failure', 1);
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      database: ctx.database.kind,
      mail: ctx.mailer.kind,
      readyInMs: Math.round(performance.now() - startedAt),
    },
    `Sapa siap di ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
