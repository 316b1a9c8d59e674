import fs from 'node:fs';
import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { findUp } from './lib/find-up';
import { startHousekeeping } from './lib/housekeeping';
import { RateLimiter } from './lib/rate-limit';
import { adminRoutes } from './modules/admin/routes';
import { agentRoutes } from './modules/agent/routes';
import { authRoutes } from './modules/auth/routes';
import { devMailer, smtpMailer, unsentMailer, warnAboutMail, type Mailer } from './modules/mail/mailer';
import { logSerializers } from './lib/log';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/user/routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerContracts } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { demoWasSeeded, ensureBootstrapAdmin, ensureSomeAdmin, seedDemo } from './seed/demo';
import { ConnectorRegistry } from './channels/registry';
import { sandboxConnector } from './channels/sandbox/sandbox-connector';
import { whatsappWebConnector } from './channels/whatsapp-web/connector';
import { WhatsappManager, type ManagerOptions } from './channels/whatsapp-web/manager';
import { unavailableSocketFactory } from './channels/whatsapp-web/socket';
import { memoryBus, redisBus, type EventBus } from './events/bus';
import { JobRunner } from './jobs/runner';
import { accountRoutes } from './modules/account/routes';
import { teamRoutes } from './modules/chat/team-routes';
import { defineWakeJob } from './modules/chat/state';
import { assignRoundRobin } from './modules/chat/round-robin';
import { chatRoutes } from './modules/chat/routes';
import { contactRoutes } from './modules/contact/routes';
import { groupRoutes } from './modules/group/routes';
import { importRoutes } from './modules/group/import/routes';
import { labelRoutes } from './modules/label/routes';
import { mediaRoutes } from './modules/media/routes';
import { templateRoutes } from './modules/template/routes';
import { defineSendJob, defineSendManyJob } from './modules/chat/send-job';
import { ChatHooks } from './modules/chat/hooks';
import { defineImportJob } from './modules/group/import/job';
import { defineDispatchJob } from './modules/publication/broadcast/dispatcher';
import { trackBroadcasts } from './modules/publication/broadcast/tracking';
import { broadcastRoutes } from './modules/publication/broadcast/routes';
import { defineStatusPostJob } from './modules/publication/status/job';
import { statusRoutes } from './modules/publication/status/routes';
import { defineSandboxReceiptJob, defineSandboxReceiptsJob } from './modules/sandbox/receipt-job';
import { sandboxRoutes } from './modules/sandbox/routes';
import { registerSimulatorGateway } from './modules/sandbox/simulator-gateway';
import { registerRealtime } from './realtime/gateway';
import { registerSecurityHeaders } from './plugins/security-headers';
import { autoReplyRoutes } from './modules/auto-reply/routes';
import { listenForAutoReplies } from './modules/auto-reply/listener';
import { onboardingRoutes } from './modules/onboarding/routes';
import { billingRoutes } from './modules/billing/routes';
import { defineBillingMailJobs } from './modules/billing/notices';
import { adminAreaRoutes } from './modules/admin/area-routes';
import { dashboardRoutes } from './modules/admin/dashboard-routes';
import { articleRoutes } from './modules/article/routes';
import { reportRoutes } from './modules/report/routes';
import { reportExportRoutes } from './modules/report/export-routes';
import { defineMetaWebhookJob, metaWebhookRoutes, onMetaWebhook } from './channels/meta/webhook';
import { whatsappCloudConnector } from './channels/whatsapp-cloud/connector';
import { handleCloudDelivery } from './channels/whatsapp-cloud/inbound';
import { cloudRoutes } from './modules/integration/cloud-routes';
import { integrationRoutes } from './modules/integration/routes';
import { metaConnector } from './channels/meta/meta-connector';
import { registerMetaInbound } from './channels/meta/inbound';
import { articlePageHead } from './modules/article/page-head';
import { publicApiRoutes } from './modules/public-api/routes';
import { WebhookDispatcher } from './modules/webhook/dispatcher';
import { webhookRoutes } from './modules/webhook/routes';
import { listenForWebhookEvents, recoverReceivedEvents } from './modules/webhook/sources';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. */
  database?: Database;
  mailer?: Mailer;
  clock?: Clock;
  /** Logger: true (pino at config level) or false. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it to prove no secret is written). */
  logStream?: { write(line: string): void };
  bus?: EventBus;
  /**
   * The WhatsApp Web manager's options. Without a socketFactory no socket ever dials out (every attempt
   * fails as unreachable): main.ts passes the real one; tests pass fakes.
   */
  whatsapp?: Partial<ManagerOptions>;
}

function findWebDist(config: Config): string | null {
  if (config.webDist) return path.resolve(config.webDist);
  try {
    return path.dirname(findUp('apps/web/dist/index.html', import.meta.dirname));
  } catch {
    return null;
  }
}

/**
 * Fastify's trustProxy from TRUST_PROXY: N hops trusts the nearest N addresses of X-Forwarded-For
 * (the client's own claims further left are ignored), a list trusts those proxies' addresses.
 */
function trustProxyOption(
  trust: number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

/** Builds the whole server: plugins in layers (security -> auth -> routes -> web), nothing listening yet. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });

  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl
        ? undefined
        : (fs.mkdirSync(config.dataDir, { recursive: true }), config.dataDir),
    }));
  const clock = options.clock ?? systemClock;
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : config.devMailbox
        ? devMailer(database.db, app.log)
        : unsentMailer(app.log));
  warnAboutMail(config, app.log);
  const bus = options.bus ?? (config.redisUrl ? await redisBus(config.redisUrl, app.log) : memoryBus());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    clock,
    limiter: new RateLimiter(database.db, clock),
    log: app.log,
    bus,
    jobs: new JobRunner(database.db, clock, app.log, { leaseMs: config.jobLeaseMs }),
    connectors: new ConnectorRegistry(),
    whatsapp: null as unknown as WhatsappManager,
    chatHooks: new ChatHooks(),
    webhooks: null as unknown as WebhookDispatcher,
  };
  ctx.webhooks = new WebhookDispatcher(ctx);
  const whatsapp = new WhatsappManager(ctx, {
    ...options.whatsapp,
    socketFactory: options.whatsapp?.socketFactory ?? unavailableSocketFactory,
  });
  ctx.whatsapp = whatsapp;
  ctx.connectors.register(sandboxConnector(ctx));
  ctx.connectors.register(whatsappWebConnector(ctx, whatsapp, options.whatsapp?.pacing));
  // the WhatsApp Cloud API (issue 25 part 5): sends, and the 'whatsapp_business_account' webhooks
  ctx.connectors.register(whatsappCloudConnector(ctx));
  onMetaWebhook(ctx, 'whatsapp_business_account', (delivery) => handleCloudDelivery(ctx, delivery));
  // Messenger Pages and Instagram accounts (issue 25 parts 3-4): sends, and the 'page' and 'instagram' webhooks
  ctx.connectors.register(metaConnector(ctx));
  registerMetaInbound(ctx);
  // the handlers of the job kinds of jobs/kinds.ts
  defineSendJob(ctx);
  defineSendManyJob(ctx);
  defineImportJob(ctx);
  defineDispatchJob(ctx);
  trackBroadcasts(ctx);
  defineWakeJob(ctx);
  ctx.chatHooks.onInbound((notice) => assignRoundRobin(ctx, notice));
  listenForAutoReplies(ctx);
  listenForWebhookEvents(ctx);
  defineStatusPostJob(ctx);
  defineBillingMailJobs(ctx);
  defineMetaWebhookJob(ctx);
  if (config.sandbox) {
    defineSandboxReceiptJob(ctx);
    defineSandboxReceiptsJob(ctx);
  }

  const stopHousekeeping = startHousekeeping(ctx);
  // the sockets of this process's numbers open once the server listens (background work only)
  if (config.runJobs) app.addHook('onListen', () => whatsapp.start());
  app.addHook('onClose', async () => {
    await whatsapp.stop();
    stopHousekeeping();
    await ctx.jobs.stop();
    await ctx.webhooks.stop();
    if (!options.bus) await bus.close();
    mailer.close();
    if (!options.database) await database.close();
  });

  // Midtrans Snap (issue 22 part 3): its snap.js and the payment page it opens in a frame, from
  // Midtrans' sandbox and production origins (or the configured override), nowhere else; the page
  // itself still fetches only from its own origin
  const midtransOrigins = [
    'https://app.midtrans.com',
    'https://app.sandbox.midtrans.com',
    'https://api.midtrans.com',
    'https://api.sandbox.midtrans.com',
    ...[config.midtransUrls.snap, config.midtransUrls.api].flatMap((url) =>
      url ? [new URL(url).origin] : [],
    ),
  ];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...midtransOrigins],
        frameSrc: ["'self'", ...midtransOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Media (S3 or disk) are served by the app itself at /api/media/{key}, so no storage origin
        // is needed; blob: and data: are the composer's previews and inline images. The one outside
        // origin is WhatsApp's contact pictures (AppImage falls back to the default one if blocked).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://pps.whatsapp.net'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin WebSockets (/ws, /ws/sandbox) too: CSP3 matches ws: and wss:
        // against an http: and https: 'self' (checked in Chromium). Injected script can send nothing elsewhere.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerErrorHandler(app);
  await registerContracts(app);
  registerAuth(app, ctx);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerRealtime(app, ctx);
  if (config.sandbox) await registerSimulatorGateway(app, ctx);

  await app.register(
    async (api) => {
      await api.register(systemRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(webhookRoutes(ctx));
      await api.register(cloudRoutes(ctx));
      await api.register(integrationRoutes(ctx));
      await api.register(mediaRoutes(ctx));
      await api.register(templateRoutes(ctx));
      await api.register(labelRoutes(ctx));
      await api.register(chatRoutes(ctx));
      await api.register(teamRoutes(ctx));
      await api.register(agentRoutes(ctx));
      await api.register(groupRoutes(ctx));
      await api.register(importRoutes(ctx));
      await api.register(contactRoutes(ctx));
      await api.register(broadcastRoutes(ctx));
      await api.register(statusRoutes(ctx));
      await api.register(autoReplyRoutes(ctx));
      await api.register(onboardingRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(adminAreaRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(articleRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(reportExportRoutes(ctx));
      // the public API under /api/v1 (issue 26): a number's API token, never a session
      await api.register(publicApiRoutes(ctx));
      if (config.sandbox) await api.register(sandboxRoutes(ctx));
    },
    { prefix: '/api' },
  );
  // Meta's webhooks (issue 25): Messenger, Instagram and the WhatsApp Cloud API, signed
  await app.register(metaWebhookRoutes(ctx));
  // a published article's title and description in the head of /artikel/{slug} (issue 23)
  await registerWeb(app, findWebDist(config), { pageHead: articlePageHead(ctx) });

  await ensureBootstrapAdmin(ctx);
  if (config.demo) await seedDemo(ctx);
  // a database seeded on a laptop, then served in public: its demo logins have published passwords
  if (!config.local && (await demoWasSeeded(ctx))) {
    app.log.warn(
      'this database has the demo workspace: its logins (pemilik@demo.test, agen@demo.test, admin) have the passwords published in the README; change or delete them',
    );
  }
  await ensureSomeAdmin(ctx);
  if (config.runJobs) {
    ctx.jobs.start();
    ctx.webhooks.start();
    // message.received of customers' messages stored just before a stop, never recorded (sources.ts)
    recoverReceivedEvents(ctx)
      .then((recovered) => {
        if (recovered) app.log.info({ recovered }, 'webhook: message.received recorded again after a stop');
      })
      .catch((err: unknown) => app.log.error({ err }, 'webhook: recovering message.received failed'));
  }
  return { app, ctx };
}
