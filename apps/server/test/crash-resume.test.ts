import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { sandboxDeliveries } from '../src/db/schema';

const serverDir = path.resolve(import.meta.dirname, '..');
const OPERATOR = { username: 'operator', password: 'operator-rahasia-1' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-crash-'));
let dbUrl: string | undefined;
let dropDb: (() => Promise<void>) | undefined;

afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
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

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

it('a message stored but not yet sent when the server is SIGKILLed is sent exactly once after restart', async () => {
  if (process.env.DATABASE_URL) {
    const name = `sapa_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  // 1. a process that stores but never runs jobs
  const first = await startServer({ SAPA_JOBS: '0' });
  const call = async (base: string, method: string, url: string, body?: object, token = '') => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', token },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  // registration in its two steps: the request, then the code from the dev mailbox (the operator's)
  const email = 'crash@contoh.test';
  const reg = await call(first.base, 'POST', '/api/auth/register', {
    name: 'Crash Test',
    email,
    phone: '6281277770000',
    password: 'rahasia123',
  });
  expect(reg.status).toBe(202);
  const operator = await call(first.base, 'POST', '/api/auth/admin/login', OPERATOR);
  const mailbox = await call(first.base, 'GET', '/api/admin/mailbox', undefined, String(operator.body.token));
  const code = (mailbox.body.docs as { to: string; text: string }[])
    .find((m) => m.to === email)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  const verified = await call(first.base, 'POST', '/api/auth/register/verify', { email, code });
  expect(verified.status).toBe(201);
  const token = String(verified.body.token);
  const accounts = await call(first.base, 'GET', '/api/account', undefined, token);
  const accountId = (accounts.body.docs as { _id: string }[])[0]!._id;
  const inbound = await call(
    first.base,
    'POST',
    '/api/sandbox/inbound',
    { accountId, phoneNumber: '6281299998888', name: 'Pelanggan', text: 'Halo' },
    token,
  );
  const chatId = String(inbound.body.chatId);
  const sent = await call(
    first.base,
    'POST',
    `/api/chat/${chatId}/message`,
    { temporaryId: 'k'.repeat(20), text: 'Balasan' },
    token,
  );
  expect(sent.body.status).toBe('pending');
  const messageId = String(sent.body._id);

  first.child.kill('SIGKILL');
  await exited(first.child);

  // 2. a normal process picks the stored job up
  const second = await startServer({});
  let status = '';
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && status !== 'sent' && status !== 'unread') {
    const page = await call(second.base, 'GET', `/api/chat/${chatId}/message`, undefined, token);
    status = String(
      (page.body.docs as { _id: string; status: string }[]).find((m) => m._id === messageId)?.status,
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(['sent', 'unread']).toContain(status);
  const page = await call(second.base, 'GET', `/api/chat/${chatId}/message`, undefined, token);
  expect((page.body.docs as { isFromMe: boolean }[]).filter((m) => m.isFromMe)).toHaveLength(1);
  second.child.kill('SIGTERM');
  await exited(second.child);

  const database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir });
  const deliveries = await database.db
    .select()
    .from(sandboxDeliveries)
    .where(eq(sandboxDeliveries.messageId, messageId));
  await database.close();
  expect(deliveries).toHaveLength(1);
}, 90_000);
