import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * The server as a real process (`src/main.ts` through tsx), for tests that kill it: crash-resume and
 * the broadcast chaos test. On PostgreSQL (DATABASE_URL set) each test gets a database of its own.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
export const OPERATOR = { username: 'operator', password: 'operator-rahasia-1' };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database when DATABASE_URL is set (and how to drop it), else null: PGlite in dataDir. */
export async function processDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!process.env.DATABASE_URL) return null;
  const name = `sapa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts the server on a free port and waits until it is ready. */
export async function startServerProcess(
  dataDir: string,
  dbUrl: string | undefined,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      SAPA_DATA_DIR: dataDir,
      DATABASE_URL: dbUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
      SAPA_DEMO: '0',
      LOG_LEVEL: 'warn',
      SAPA_WEB_DIST: '/nonexistent',
      // the operator who reads the dev mailbox, kept on PostgreSQL too
      SAPA_ADMIN_USERNAME: OPERATOR.username,
      SAPA_ADMIN_PASSWORD: OPERATOR.password,
      SAPA_DEV_MAILBOX: '1',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** One JSON call to a running server. */
export async function call(base: string, method: string, url: string, body?: object, token = '') {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', token },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Registers a verified owner through the API (the code from the operator's dev mailbox) and starts
 * their free trial (without a subscription nothing is sent): their token.
 */
export async function registerThroughApi(base: string, email: string, phone: string): Promise<string> {
  const reg = await call(base, 'POST', '/api/auth/register', {
    name: 'Uji Proses',
    email,
    phone,
    password: 'rahasia123',
  });
  if (reg.status !== 202) throw new Error(`register: ${reg.status}`);
  const operator = await call(base, 'POST', '/api/auth/admin/login', OPERATOR);
  const mailbox = await call(base, 'GET', '/api/admin/mailbox', undefined, String(operator.body.token));
  const code = (mailbox.body.docs as { to: string; text: string }[])
    .find((m) => m.to === email)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  const verified = await call(base, 'POST', '/api/auth/register/verify', { email, code });
  if (verified.status !== 201) throw new Error(`verify: ${verified.status}`);
  const token = String(verified.body.token);
  const trial = await call(base, 'POST', '/api/user/trial-activate', {}, token);
  if (trial.status !== 200) throw new Error(`trial: ${trial.status}`);
  return token;
}
