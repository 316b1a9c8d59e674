import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true'));

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SAPA_DATA_DIR: z.string().default('./data'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Sapa <no-reply@sapa.local>'),
  SAPA_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  SAPA_SANDBOX: flag(true),
  /** 0 keeps this process from running jobs (a web-only process, or tests that drive jobs by hand). */
  SAPA_JOBS: flag(true),
  SAPA_BETA_PATHS: z.string().default('/user/integration/instagram,/user/integration/messenger'),
  SAPA_LINK_TUTORIAL: z.string().default('https://www.youtube.com/results?search_query=sapa+inbox+tutorial'),
  SAPA_LINK_CUSTOMER_SERVICE: z.string().default('https://wa.me/6281100000000'),
  SAPA_LINK_ARTICLE: z.string().default('https://sapa.example/artikel'),
  SAPA_ADMIN_USERNAME: z.string().optional(),
  SAPA_ADMIN_PASSWORD: z.string().min(8).optional(),
  SAPA_WEB_DIST: z.string().optional(),
  /**
   * Which proxies' X-Forwarded-For to believe: 0 none, N the nearest N hops, or a comma list of
   * addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1). Never 'true': any client could then name its own IP.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .refine((v) => v !== 'true' && v !== 'false', {
      message: 'give the number of proxies in front (1, 2, ...) or their addresses, not true/false',
    })
    .transform((v): number | string[] =>
      /^\d+$/.test(v)
        ? Number(v)
        : v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean),
    ),
  /** The dev mailbox with DATABASE_URL (a shared deployment) too; off there unless forced. */
  SAPA_DEV_MAILBOX: z.enum(['0', '1', 'true', 'false']).optional(),
  /** What one sandbox account's simulated customer may send a minute (messages, files). */
  SAPA_SANDBOX_INBOUND_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  SAPA_SANDBOX_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Rate limits, overridable for load tests. */
  SAPA_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins allowed in 15 minutes from one IP (any accounts), and for one account (any IPs). */
  SAPA_LOGIN_PER_IP: z.coerce.number().int().min(1).default(20),
  SAPA_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SAPA_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(20),
  SAPA_RESET_PER_15_MIN: z.coerce.number().int().min(1).default(5),
  /** Requests one number's API token may make a minute on the public API (/api/v1, issue 26). */
  SAPA_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Bearer tokens matching no number that one client address (an IPv6 /64) may send the public API a
   * minute; past it, that address is refused with 429 until the minute ends, before any lookup.
   */
  SAPA_API_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Outbound webhooks (issue 26): private, loopback and link-local targets are refused unless the
   * operator allows them (a receiver on the same private network); the first retry's delay (doubling
   * up to 4 h, for 24 h) and how long a receiver may take to answer.
   */
  SAPA_WEBHOOK_ALLOW_PRIVATE: flag(false),
  SAPA_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  SAPA_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Media in an S3-compatible store instead of the data folder (needed when several processes serve). */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag(true),
  /** The inbox search's in-process index (modules/chat/search-index.ts); 0 searches through SQL alone. */
  SAPA_SEARCH_INDEX: flag(true),
  /**
   * Pacing of broadcasts per sender number (modules/publication/broadcast/pacing.ts): gaps, caps,
   * active hours and warm-up. 0 turns it off - for load tests only, never for real numbers.
   */
  SAPA_BROADCAST_PACING: flag(true),
  /**
   * How long a job claimed by a process that then died waits before another process (or this one,
   * restarted) runs it again; its running jobs' claims are renewed every quarter of it.
   */
  SAPA_JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** What this process's search indexes may hold together, in MB; the least recently used go first. */
  SAPA_SEARCH_INDEX_MB: z.coerce.number().int().min(1).default(512),
  /** Bytes of media and import files one owner (tenant) may keep, in MB; 0 for no limit. */
  SAPA_STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Midtrans' addresses (issue 22 part 3). Unset: Midtrans' own, sandbox or production as the
   * operator's payment setting says. Set (tests, a staging proxy): every call goes there instead.
   */
  MIDTRANS_API_URL: optionalUrl,
  MIDTRANS_SNAP_URL: optionalUrl,
  /** The seller named on invoices (issue 22 part 6). */
  SAPA_SELLER_NAME: z.string().trim().default('Sapa'),
  SAPA_SELLER_ADDRESS: z.string().trim().default('Jakarta, Indonesia'),
  SAPA_SELLER_NPWP: z.string().trim().default(''),
  /**
   * The key that encrypts channel credentials at rest (page tokens, Cloud API tokens, the Midtrans
   * server key): 32 bytes as 64 hex digits or base64. Unset on a developer's own machine: one is made
   * once in the data folder (secret.key, readable by this user only). Unset elsewhere: nothing that
   * needs it can be connected (the integration tabs say so).
   */
  SAPA_SECRET_KEY: z.string().trim().optional(),
  /** The operator's Meta app (issue 25): Messenger, Instagram and the WhatsApp Cloud API. */
  META_APP_ID: z.string().trim().optional(),
  META_APP_SECRET: z.string().trim().optional(),
  META_VERIFY_TOKEN: z.string().trim().optional(),
  /** Facebook Login for Business configuration ids (optional: the scopes are asked otherwise) */
  META_LOGIN_CONFIG_ID: z.string().trim().optional(),
  META_WHATSAPP_CONFIG_ID: z.string().trim().optional(),
  META_GRAPH_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, 'a Graph API version such as v25.0')
    .default('v25.0'),
  /** Graph API base (tests point it at the fake Graph server) and the login dialog's base. */
  META_GRAPH_URL: z.string().trim().pipe(z.url()).default('https://graph.facebook.com'),
  META_DIALOG_URL: z.string().trim().pipe(z.url()).default('https://www.facebook.com'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demo: boolean;
  sandbox: boolean;
  runJobs: boolean;
  betaPaths: string[];
  links: { tutorial: string; customerService: string; article: string };
  bootstrapAdmin: { username: string; password: string } | undefined;
  webDist: string | undefined;
  /** Fastify's trustProxy: a hop count (0 trusts nobody) or the proxies' addresses. */
  trustProxy: number | string[];
  /** Mail without SMTP is kept in the dev mailbox (operators read it) instead of being dropped. */
  devMailbox: boolean;
  /** Loopback HOST and no DATABASE_URL: a developer's own machine, where the demo may be seeded. */
  local: boolean;
  sandboxLimits: { inboundPerMinute: number; uploadsPerMinute: number };
  limits: {
    loginMaxFailures: number;
    loginPerIp: number;
    loginPerAccount: number;
    registerPerHour: number;
    resetPer15Min: number;
    /** the public API's budget per number's token, requests a minute (SAPA_API_RATE_PER_MINUTE) */
    apiPerMinute: number;
    /** invalid API tokens one client address may send a minute (SAPA_API_AUTH_FAILURES_PER_MINUTE) */
    apiAuthFailuresPerMinute: number;
  };
  /** outbound webhooks (SAPA_WEBHOOK_*) */
  webhooks: { allowPrivate: boolean; retryBaseMs: number; timeoutMs: number };
  /** The S3-compatible media store; undefined keeps media on disk under dataDir. */
  s3: S3Config | undefined;
  /** the inbox search's in-process index: on or off, and the memory all tenants' indexes may use */
  searchIndex: { enabled: boolean; maxBytes: number };
  /** broadcasts are paced per sender number (off only for load tests) */
  broadcastPacing: boolean;
  /** the job runner's lease (SAPA_JOB_LEASE_SECONDS) in ms */
  jobLeaseMs: number;
  /** what one owner's media and import files may take in the store, in bytes (0: no limit) */
  storageQuotaBytes: number;
  /** Midtrans' API (status) and Snap (token, snap.js) base URLs when overridden; else Midtrans' own */
  midtransUrls: { api: string | undefined; snap: string | undefined };
  /** who the invoices say sold the subscription */
  seller: { name: string; address: string; npwp: string };
  /** SAPA_SECRET_KEY decoded (32 bytes), or undefined (lib/secret-box.ts makes one on a local machine) */
  secretKey: Buffer | undefined;
  /** the operator's Meta app; `configured` only when id, secret and verify token are all set */
  meta: MetaConfig;
}

export interface MetaConfig {
  configured: boolean;
  appId: string;
  appSecret: string;
  verifyToken: string;
  loginConfigId: string | undefined;
  whatsappConfigId: string | undefined;
  graphVersion: string;
  /** no trailing slash */
  graphUrl: string;
  dialogUrl: string;
}

export interface S3Config {
  /** undefined: AWS itself, found from the region */
  endpoint: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Konfigurasi tidak valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once at boot; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const s3 = s3Config(e);
  const local = !e.DATABASE_URL && isLoopback(e.HOST);
  const on = (v: string | undefined) => v === '1' || v === 'true';
  // a public deployment is safe without reading the README: no demo (known passwords) unless asked
  const demoDefault = local;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: path.resolve(e.SAPA_DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demo: e.SAPA_DEMO === undefined ? demoDefault : on(e.SAPA_DEMO),
    sandbox: e.SAPA_SANDBOX,
    runJobs: e.SAPA_JOBS,
    betaPaths: e.SAPA_BETA_PATHS.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    links: {
      tutorial: e.SAPA_LINK_TUTORIAL,
      customerService: e.SAPA_LINK_CUSTOMER_SERVICE,
      article: e.SAPA_LINK_ARTICLE,
    },
    bootstrapAdmin:
      e.SAPA_ADMIN_USERNAME && e.SAPA_ADMIN_PASSWORD
        ? { username: e.SAPA_ADMIN_USERNAME, password: e.SAPA_ADMIN_PASSWORD }
        : undefined,
    webDist: e.SAPA_WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    devMailbox: !e.SMTP_URL && (e.SAPA_DEV_MAILBOX === undefined ? !e.DATABASE_URL : on(e.SAPA_DEV_MAILBOX)),
    local,
    sandboxLimits: {
      inboundPerMinute: e.SAPA_SANDBOX_INBOUND_PER_MINUTE,
      uploadsPerMinute: e.SAPA_SANDBOX_UPLOADS_PER_MINUTE,
    },
    limits: {
      loginMaxFailures: e.SAPA_LOGIN_MAX_FAILURES,
      loginPerIp: e.SAPA_LOGIN_PER_IP,
      loginPerAccount: e.SAPA_LOGIN_PER_ACCOUNT,
      registerPerHour: e.SAPA_REGISTER_PER_HOUR,
      resetPer15Min: e.SAPA_RESET_PER_15_MIN,
      apiPerMinute: e.SAPA_API_RATE_PER_MINUTE,
      apiAuthFailuresPerMinute: e.SAPA_API_AUTH_FAILURES_PER_MINUTE,
    },
    webhooks: {
      allowPrivate: e.SAPA_WEBHOOK_ALLOW_PRIVATE,
      retryBaseMs: e.SAPA_WEBHOOK_RETRY_BASE_MS,
      timeoutMs: e.SAPA_WEBHOOK_TIMEOUT_MS,
    },
    s3,
    searchIndex: { enabled: e.SAPA_SEARCH_INDEX, maxBytes: e.SAPA_SEARCH_INDEX_MB * 1024 * 1024 },
    broadcastPacing: e.SAPA_BROADCAST_PACING,
    jobLeaseMs: e.SAPA_JOB_LEASE_SECONDS * 1000,
    storageQuotaBytes: e.SAPA_STORAGE_QUOTA_MB * 1024 * 1024,
    midtransUrls: {
      api: e.MIDTRANS_API_URL?.replace(/\/$/, ''),
      snap: e.MIDTRANS_SNAP_URL?.replace(/\/$/, ''),
    },
    seller: { name: e.SAPA_SELLER_NAME, address: e.SAPA_SELLER_ADDRESS, npwp: e.SAPA_SELLER_NPWP },
    secretKey: secretKeyOf(e.SAPA_SECRET_KEY),
    meta: {
      configured: !!(e.META_APP_ID && e.META_APP_SECRET && e.META_VERIFY_TOKEN),
      appId: e.META_APP_ID ?? '',
      appSecret: e.META_APP_SECRET ?? '',
      verifyToken: e.META_VERIFY_TOKEN ?? '',
      loginConfigId: e.META_LOGIN_CONFIG_ID || undefined,
      whatsappConfigId: e.META_WHATSAPP_CONFIG_ID || undefined,
      graphVersion: e.META_GRAPH_VERSION,
      graphUrl: e.META_GRAPH_URL.replace(/\/$/, ''),
      dialogUrl: e.META_DIALOG_URL.replace(/\/$/, ''),
    },
  };
}

/** 64 hex digits or base64 of 32 bytes; anything else is a configuration error. */
function secretKeyOf(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(['SAPA_SECRET_KEY: harus 32 byte (64 digit heksadesimal atau base64)']);
  }
  return key;
}

/** 127.0.0.1, ::1, localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** S3 is on when a bucket (or an endpoint) is named; then the bucket and both keys are required. */
function s3Config(e: z.output<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET && !e.S3_ENDPOINT) return undefined;
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = Object.entries({
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => `${name}: wajib diisi untuk penyimpanan media S3`);
    throw new ConfigError(missing);
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
