import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { broadcastRecipients, broadcasts, messages, sandboxDeliveries } from '../src/db/schema';
import { call, exited, processDatabase, registerThroughApi, startServerProcess } from './server-process';

/**
 * Issue 20's chaos test: the server process is killed with SIGKILL five times at random moments of a
 * 2,000-recipient broadcast and started again each time. Every recipient gets exactly one message
 * (one row, one delivery to the simulated phone) and the counters equal the rows. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set. A short job lease (2 s) lets a restarted process take
 * the dead one's claims quickly; pacing is off so the broadcast runs at full speed between kills.
 */
const RECIPIENTS = 2000;
const KILLS = 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-chaos-'));
let dropDb: (() => Promise<void>) | undefined;

afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('messages every recipient exactly once through five kill -9s, counters equal to the rows', async () => {
  const database = await processDatabase();
  dropDb = database?.drop;
  const env = { SAPA_BROADCAST_PACING: '0', SAPA_JOB_LEASE_SECONDS: '2' };
  const start = () => startServerProcess(dataDir, database?.url, env);
  let server = await start();
  const token = await registerThroughApi(server.base, 'chaos@contoh.test', '6281277771111');
  const accounts = await call(server.base, 'GET', '/api/account', undefined, token);
  const accountId = (accounts.body.docs as { _id: string }[])[0]!._id;
  const phones = Array.from({ length: RECIPIENTS }, (_, i) => `62857${String(200001 + i).padStart(7, '0')}`);
  const created = await call(
    server.base,
    'POST',
    '/api/publication/broadcast',
    {
      name: 'Chaos',
      accountIds: [accountId],
      phoneNumbers: phones.join('\n'),
      message: { type: 'text', text: 'Halo {{nomor}}' },
    },
    token,
  );
  expect(created.status).toBe(201);
  const id = String(created.body._id);

  for (let kill = 0; kill < KILLS; kill++) {
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
    server.child.kill('SIGKILL');
    await exited(server.child);
    server = await start();
  }
  // the last process finishes it
  let state = '';
  for (const deadline = Date.now() + 90_000; Date.now() < deadline && state !== 'finish';) {
    await new Promise((r) => setTimeout(r, 250));
    state = String(
      (await call(server.base, 'GET', `/api/publication/broadcast/${id}`, undefined, token)).body.state,
    );
  }
  expect(state).toBe('finish');
  server.child.kill('SIGTERM');
  await exited(server.child);

  const opened = await openDatabase(database ? { url: database.url } : { dataDir });
  try {
    const [row] = await opened.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    const perRecipient = (await opened.db.execute(sql`select r.phone, count(m.id)::int as messages,
        count(d.message_id)::int as deliveries, r.state
      from ${broadcastRecipients} r
      left join ${messages} m on m.id = r.message_id
      left join ${sandboxDeliveries} d on d.message_id = m.id
      where r.broadcast_id = ${id} group by r.id`)) as unknown as {
      rows: { phone: string; messages: number; deliveries: number; state: string }[];
    };
    expect(perRecipient.rows).toHaveLength(RECIPIENTS);
    expect(perRecipient.rows.filter((r) => r.messages !== 1 || r.deliveries !== 1)).toEqual([]);
    // no message of the broadcast outside its recipients' rows
    const [all] = (
      (await opened.db.execute(
        sql`select count(*)::int as n from ${messages} where ${messages.text} like 'Halo 62857%'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(all?.n).toBe(RECIPIENTS);
    const byState = (state: string) => perRecipient.rows.filter((r) => r.state === state).length;
    expect(row).toMatchObject({
      total: RECIPIENTS,
      pending: byState('pending'),
      sent: byState('sent') + byState('unread') + byState('read'),
      delivered: byState('unread') + byState('read'),
      read: byState('read'),
      failed: byState('failed'),
      skipped: byState('skipped'),
    });
    expect(row?.pending).toBe(0);
  } finally {
    await opened.close();
  }
}, 240_000);
