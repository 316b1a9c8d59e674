import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import {
  account as accountSchema,
  adminLoginResponse,
  apiErrorBody,
  devMailList,
  type DevMail,
  loginResponse,
  paged,
  userProfile,
} from '@sapa/contracts';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/client';
import { manualClock } from '../src/lib/clock';
import { agents } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { sandboxLinkKey } from '../src/modules/sandbox/access';
import { savePaymentSettings } from '../src/modules/billing/payment-settings';

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a new PostgreSQL database created beside it and dropped afterwards.
 */
/** A logger that says nothing, for a test that builds a part by hand and reads what it logs itself. */
export const quiet = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

export async function testDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  // from the migrated template of the run (test/global-setup.ts): no initdb, no migrations to run
  if (!url) return openDatabase({ pgliteTemplate: inject('pgliteTemplate') || undefined });
  const name = `sapa_t_${randomBytes(6).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: url });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const contexts = new WeakMap<FastifyInstance, AppContext>();

/**
 * The headers that let a script act as the simulated customer of one sandbox account: its secret
 * link's key (what the owner copies from the inbox), so tests need no owner session for it.
 */
export async function sandboxHeaders(
  app: FastifyInstance,
  accountId: string,
): Promise<Record<string, string>> {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('sandboxHeaders: not an app of createTestApp');
  return { 'x-sandbox-key': await sandboxLinkKey(ctx, accountId) };
}

export const TEST_OPERATOR = { username: 'operator-uji', password: 'operator-rahasia-1' };

const operatorTokens = new WeakMap<FastifyInstance, Promise<string>>();
/** A session of the test operator (made at boot from SAPA_ADMIN_*), signed in once per app. */
export function operatorToken(app: FastifyInstance): Promise<string> {
  let token = operatorTokens.get(app);
  if (!token) {
    token = app
      .inject({ method: 'POST', url: '/api/auth/admin/login', payload: TEST_OPERATOR })
      .then((res) => {
        if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.body}`);
        return json(res, adminLoginResponse).token;
      });
    operatorTokens.set(app, token);
  }
  return token;
}

/** The dev mailbox as the operator reads it (GET /api/admin/mailbox), newest first. */
export async function devMailbox(app: FastifyInstance): Promise<DevMail[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/mailbox',
    headers: { token: await operatorToken(app) },
  });
  if (res.statusCode !== 200) throw new Error(`mailbox: ${res.statusCode} ${res.body}`);
  return json(res, devMailList).docs;
}

/** The key channel credentials are sealed with in tests (never a real deployment's). */
export const TEST_SECRET_KEY = '0f'.repeat(32);

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SAPA_DEMO: '0',
    // Jobs are driven by hand (drainJobs) so tests control time; SAPA_JOBS=1 turns the runner on.
    SAPA_JOBS: '0',
    LOG_LEVEL: 'silent',
    SAPA_WEB_DIST: '/nonexistent',
    // the operator who reads the dev mailbox (operatorToken)
    SAPA_ADMIN_USERNAME: TEST_OPERATOR.username,
    SAPA_ADMIN_PASSWORD: TEST_OPERATOR.password,
    // channel tokens are sealed with it (lib/secret-box.ts)
    SAPA_SECRET_KEY: TEST_SECRET_KEY,
    // the public API's budget of invalid tokens per address is counted in Redis (with REDIS_URL) under
    // the test clock's fixed minute, across runs and files: out of the way unless a test sets it
    SAPA_API_AUTH_FAILURES_PER_MINUTE: '100000',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/** The whole server on a fresh database with a clock the test can move; nothing listens. */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<Omit<BuildOptions, 'config'>> = {},
): Promise<TestApp> {
  const database = options.database ?? (await testDatabase());
  const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
  const { app, ctx } = await buildApp({
    config: testConfig(options.logStream ? { LOG_LEVEL: 'trace', ...options.env } : options.env),
    database,
    clock,
    // silent, unless a test reads the log (security/*log-secrets.test.ts)
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.whatsapp ? { whatsapp: options.whatsapp } : {}),
  });
  // which route answered each request, so `json` checks the answer against that route's own schema
  app.addHook('onSend', async (request) => {
    answeredBy.set(request.raw, request.routeOptions.schema?.response as ResponseSchemas | undefined);
  });
  await app.ready();
  contexts.set(app, ctx);
  return {
    app,
    ctx,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The app of a `useTestApp` block; it reads through to the app once `beforeAll` has built it. */
export interface UsedTestApp extends TestApp {
  /** The temporary SAPA_DATA_DIR (with `dataDir`). */
  readonly dataDir: string;
  /** `ws://127.0.0.1:<port>` (with `listen`). */
  readonly base: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Registers beforeAll/afterAll that build the whole server on its own fresh database for the
 * surrounding file or describe block, and returns it with the usual request helpers.
 * `dataDir` names the prefix of a temporary SAPA_DATA_DIR, removed afterwards; `listen` serves it
 * on a free local port.
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] & { dataDir?: string; listen?: boolean } = {},
) {
  const { dataDir: dataDirPrefix, listen, ...appOptions } = options;
  let current: TestApp | undefined;
  let dataDir: string | undefined;
  let base: string | undefined;
  const started = () => {
    if (!current) throw new Error('the test app is not running');
    return current;
  };
  const t: UsedTestApp = {
    get app() {
      return started().app;
    },
    get ctx() {
      return started().ctx;
    },
    get clock() {
      return started().clock;
    },
    get dataDir() {
      if (dataDir === undefined) throw new Error('useTestApp without dataDir');
      return dataDir;
    },
    get base() {
      if (base === undefined) throw new Error('useTestApp without listen');
      return base;
    },
    close: () => started().close(),
  };
  beforeAll(async () => {
    let env = appOptions.env;
    if (dataDirPrefix !== undefined) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
      env = { ...env, SAPA_DATA_DIR: dataDir };
    }
    current = await createTestApp({ ...appOptions, ...(env ? { env } : {}) });
    if (listen) {
      await current.app.listen({ port: 0, host: '127.0.0.1' });
      base = `ws://127.0.0.1:${(current.app.server.address() as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    await current?.close();
    if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** GET with the session token. */
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
  /** POST with the session token and a JSON body (`{}` when none is given). */
  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { token }, payload });
  /** PUT with the session token and a JSON body. */
  const put = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { token }, payload });
  /** Any method; the token header and the body only when given. */
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });

  return { t, get, post, put, call };
}

/** A verified owner signed in: their token and user id. */
export async function verifiedOwner(app: FastifyInstance) {
  const token = (await registerOwner(app)).token;
  const ownerId = json(
    await app.inject({ method: 'GET', url: '/api/user', headers: { token } }),
    userProfile,
  )._id;
  return { token, ownerId };
}

let counter = 0;
/** Registration input that does not collide with other tests in the same database. */
export function newOwner(overrides: Partial<Record<'name' | 'email' | 'phone' | 'password', string>> = {}) {
  counter += 1;
  const n = `${Date.now() % 100000}${counter}`.padStart(7, '0');
  return {
    name: `Pemilik ${n}`,
    email: `pemilik${n}@contoh.test`,
    phone: `62812${n}`,
    password: 'rahasia123',
    ...overrides,
  };
}

type ResponseSchemas = Record<string, unknown>;
/** The response schemas declared by the route that answered each injected request (createTestApp). */
const answeredBy = new WeakMap<object, ResponseSchemas | undefined>();

/**
 * The schema an answer must match: the one its route declares for its status (`201`, else `2xx`,
 * `default`), the one error body for any 4xx/5xx. Null for a file (a route answering `content`
 * other than JSON) or a route outside the API that declares no answers.
 */
export function declaredSchema(res: LightMyRequestResponse): z.ZodType | null {
  if (res.statusCode >= 400) return apiErrorBody;
  const request = res.raw.req;
  if (!answeredBy.has(request)) return null;
  const schemas = answeredBy.get(request);
  const status = String(res.statusCode);
  const declared = schemas?.[status] ?? schemas?.[`${status[0]}xx`] ?? schemas?.default;
  if (declared instanceof z.ZodType) return declared;
  if (declared) return null;
  if (!schemas && !request.url?.startsWith('/api/')) return null;
  throw new Error(
    `${request.method} ${request.url} answered ${res.statusCode}, for which its route declares no schema`,
  );
}

/**
 * The JSON answer of a request, checked against its contract schema: the one given, else the one
 * the answering route declares for that status (the same schema the OpenAPI document shows), the
 * error body for 4xx/5xx. A body of another shape fails the test with each wrong field and the body
 * itself. The body is returned as it came (not Zod's copy, which would drop unknown keys), so a
 * test's exact `toEqual` still sees every field.
 */
export function json<S extends z.ZodType>(res: LightMyRequestResponse, schema: S): z.output<S>;
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T;
export function json(res: LightMyRequestResponse, schema?: z.ZodType): unknown {
  const body: unknown = res.json();
  const expected = schema ?? declaredSchema(res);
  if (!expected) return body;
  const result = expected.safeParse(body);
  if (result.success) return body;
  const request = res.raw.req;
  throw new Error(
    `the ${res.statusCode} answer to ${request.method ?? ''} ${request.url ?? ''} does not match its schema:\n` +
      `${z.prettifyError(result.error)}\nbody: ${res.body.slice(0, 2000)}`,
  );
}

/** The newest dev-mailbox code sent to an address. */
export async function lastCodeFor(app: FastifyInstance, email: string): Promise<string> {
  const docs = await devMailbox(app);
  const mail = docs.find((d) => d.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * Registers an owner the way a visitor does, in two steps: the request (202, a code mailed), then
 * the code (201, the owner created verified and signed in). Returns the token and the input. The
 * owner is verified either way (`verify` is kept for older callers); `unverified` then changes their
 * email, the one way an owner needs verifying again, and `input.email` is the new address.
 * The owner then starts the free trial, as a new owner does before sending anything (issue 22: no
 * subscription, nothing goes out); `trial: false` leaves them without a subscription.
 */
export async function registerOwner(
  app: FastifyInstance,
  input = newOwner(),
  options: { verify?: boolean; unverified?: boolean; trial?: boolean } = {},
) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  if (res.statusCode !== 202) throw new Error(`register failed: ${res.body}`);
  const code = await lastCodeFor(app, input.email);
  const v = await app.inject({
    method: 'POST',
    url: '/api/auth/register/verify',
    payload: { email: input.email, code },
  });
  if (v.statusCode !== 201) throw new Error(`register verify failed: ${v.body}`);
  const { token } = json(v, loginResponse);
  if (options.trial !== false) {
    const trial = await app.inject({ method: 'POST', url: '/api/user/trial-activate', headers: { token } });
    if (trial.statusCode !== 200) throw new Error(`trial activation failed: ${trial.body}`);
  }
  if (!options.unverified) return { token, input };
  const email = newOwner().email;
  const moved = await app.inject({
    method: 'PATCH',
    url: '/api/user',
    headers: { token },
    payload: { email, currentPassword: input.password },
  });
  if (moved.statusCode !== 200) throw new Error(`email change failed: ${moved.body}`);
  return { token, input: { ...input, email } };
}

/** The operator's bank account in tests that pay by transfer. */
export const TEST_BANK_ACCOUNT = {
  bankName: 'BCA',
  accountNumber: '1234567890',
  accountHolder: 'PT Sapa Nusantara',
};

/** The operator takes bank transfers (issue 22 part 4): purchases by transfer can be made. */
export async function enableBankTransfer(t: TestApp): Promise<void> {
  await savePaymentSettings(t.ctx, { bankAccounts: [TEST_BANK_ACCOUNT], midtrans: null });
}

/** Runs due jobs until none are left (the clock does not move). */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await t.ctx.jobs.runDue()) === 0) return;
  }
  throw new Error('jobs did not drain');
}

/** A signed-in, verified owner with their sandbox account. */
export async function ownerWithSandbox(app: FastifyInstance) {
  const { token, input } = await registerOwner(app);
  const accounts = json(
    await app.inject({ method: 'GET', url: '/api/account', headers: { token } }),
    paged(accountSchema),
  ).docs;
  const account = accounts.find((a) => a.isSandbox);
  if (!account) throw new Error('no sandbox account');
  return { token, input, accountId: account._id };
}

/** The simulated customer writes; returns {chatId, messageId}. */
export async function customerSays(
  app: FastifyInstance,
  accountId: string,
  text: string,
  phoneNumber = '6281234567890',
  name = 'Budi',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound',
    headers: await sandboxHeaders(app, accountId),
    payload: { accountId, phoneNumber, name, text },
  });
  if (res.statusCode >= 300) throw new Error(`inbound failed: ${res.body}`);
  return json<{ chatId: string; messageId: string }>(res);
}

/** An agent of the owner behind `ownerToken`, created directly (the agent API arrives with its issue), signed in. */
export async function agentFor(t: TestApp, ownerToken: string, name: string) {
  const owner = json(
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: ownerToken } }),
    userProfile,
  );
  const input = newOwner({ name });
  const [row] = await t.ctx.db
    .insert(agents)
    .values({
      ownerId: owner._id,
      name,
      email: input.email,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      isVerified: true,
    })
    .returning();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: input.email, password: input.password },
  });
  return { id: row!.id, token: json(login, loginResponse).token, input };
}
