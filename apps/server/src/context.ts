import type { FastifyBaseLogger } from 'fastify';
import type { ConnectorRegistry } from './channels/registry';
import type { WhatsappControl } from './channels/whatsapp-web/control';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './events/bus';
import type { JobRunner } from './jobs/runner';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limit';
import type { Mailer } from './modules/mail/mailer';
import type { ChatHooks } from './modules/chat/hooks';
import type { WebhookDispatcher } from './modules/webhook/dispatcher';

/** Everything services depend on, passed in so tests can hand in real or fake parts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Realtime fan-out: in-process, or Redis pub/sub when REDIS_URL is set. */
  bus: EventBus;
  jobs: JobRunner;
  connectors: ConnectorRegistry;
  /** WhatsApp Web numbers: linking, logout, and this process's share of the sockets. */
  whatsapp: WhatsappControl;
  /** What other modules learn from the chat kernel: message statuses, customers' messages. */
  chatHooks: ChatHooks;
  /** Outbound webhooks' delivery (issue 26): `wake` after committing new events. */
  webhooks: WebhookDispatcher;
}
