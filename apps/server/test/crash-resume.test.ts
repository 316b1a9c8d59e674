import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { sandboxDeliveries } from '../src/db/schema';
import { call, exited, processDatabase, registerThroughApi, startServerProcess } from './server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-crash-'));
let dbUrl: string | undefined;
let dropDb: (() => Promise<void>) | undefined;

afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (env: Record<string, string>) => startServerProcess(dataDir, dbUrl, env);

it('a message stored but not yet sent when the server is SIGKILLed is sent exactly once after restart', async () => {
  const database = await processDatabase();
  dbUrl = database?.url;
  dropDb = database?.drop;
  // 1. a process that stores but never runs jobs
  const first = await startServer({ SAPA_JOBS: '0' });
  const token = await registerThroughApi(first.base, 'crash@contoh.test', '6281277770000');
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

  const opened = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir });
  const deliveries = await opened.db
    .select()
    .from(sandboxDeliveries)
    .where(eq(sandboxDeliveries.messageId, messageId));
  await opened.close();
  expect(deliveries).toHaveLength(1);
}, 90_000);
