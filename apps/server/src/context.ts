import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limit';
import type { Mailer } from './modules/mail/mailer';

/** Everything services depend on, passed in so tests can hand in real or fake parts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}
