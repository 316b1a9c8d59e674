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
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
