/**
 * Outbound webhooks (issue 26: 'webhook delivery p95 from inbound message to a local receiver's 200
 * <= 200 ms at 200 msg/s'), against the built server:
 *   npx tsx webhook-delivery.ts [--db=postgres|pglite] [--rate=200] [--seconds=10]
 * An owner sets their sandbox number's webhook to a receiver in this process (private targets
 * allowed for the run); 200 customers then write at `rate` messages a second through the sandbox's
 * inbound route. Each message is timed from its POST leaving to the receiver answering 200 to its
 * signed `message.received` event (ingest, the event stored, the dispatcher's claim, signing, the
 * POST). The receiver checks every signature. Bounded: rate x seconds messages, each wait at most 10 s.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshSeedDatabase } from './lib/seed-db';
import { api, percentile, printTable, registerOwner, startServer, type Row } from './lib/server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const RATE = Number(arg('rate', '200'));
const SECONDS = Number(arg('seconds', '10'));
const CUSTOMERS = 200;
const port = 3297;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let secret = '';
let badSignatures = 0;
const arrived = new Map<string, number>();
const waiters = new Map<string, (at: number) => void>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const [tPart, v1Part] = String(req.headers['sapa-signature'] ?? '').split(',');
    const t = tPart?.slice(2) ?? '';
    const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
    const given = Buffer.from(v1Part?.slice(3) ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures++;
    res.writeHead(200).end();
    const at = performance.now();
    const event = JSON.parse(raw.toString()) as { type: string; data: { message?: { text: string } } };
    if (event.type !== 'message.received' || !event.data.message) return;
    const text = event.data.message.text;
    arrived.set(text, at);
    waiters.get(text)?.(at);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sapa`;

const db = await freshSeedDatabase({ kind, baseUrl, name: 'sapa_bench_webhook', fast: false });
const server = await startServer(
  {
    ...db.env,
    SAPA_SECRET_KEY: 'cd'.repeat(32),
    // the receiver is on 127.0.0.1: the operator allows private targets for this run
    SAPA_WEBHOOK_ALLOW_PRIVATE: '1',
    SAPA_SANDBOX_INBOUND_PER_MINUTE: '100000000',
  },
  port,
);
const { base } = server;

try {
  const owner = await registerOwner(base, {
    name: 'Toko Bench Webhook',
    email: 'bench-webhook@contoh.test',
    phone: '6281299887755',
    password: 'rahasia-bench-1',
  });
  const accounts = await api<{ docs: { _id: string; isSandbox: boolean }[] }>(
    base,
    'GET',
    '/api/account?types=whatsapp',
    owner.token,
  );
  const accountId = accounts.docs.find((a) => a.isSandbox)?._id;
  if (!accountId) throw new Error('no sandbox number');
  const saved = await api<{ secret: string }>(
    base,
    'PUT',
    `/api/account/whatsapp/${accountId}/webhook`,
    owner.token,
    { url: hookUrl },
  );
  secret = saved.secret;

  const say = (i: number, text: string) =>
    fetch(`${base}/api/sandbox/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: owner.token },
      body: JSON.stringify({
        accountId,
        phoneNumber: `62858${String(i % CUSTOMERS).padStart(7, '0')}`,
        name: `Pelanggan ${i % CUSTOMERS}`,
        text,
      }),
    });
  // warm-up: every customer's chat exists, the JIT and the statements are warm
  for (let i = 0; i < CUSTOMERS; i += 20)
    await Promise.all(Array.from({ length: 20 }, (_, k) => say(i + k, `pemanasan ${i + k}`)));

  const total = RATE * SECONDS;
  const times: number[] = [];
  let lost = 0;
  let refused = 0;
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `Pesan webhook ${i}`;
    sends.push(
      (async () => {
        const t0 = performance.now();
        const seen = new Promise<number>((resolve, reject) => {
          const known = arrived.get(text);
          if (known !== undefined) return resolve(known);
          waiters.set(text, resolve);
          setTimeout(() => reject(new Error('no delivery within 10 s')), 10_000).unref();
        });
        const res = await say(i, text);
        if (res.status >= 300) {
          refused++;
          seen.catch(() => undefined);
          return;
        }
        try {
          times.push((await seen) - t0);
        } catch {
          lost++;
        }
      })(),
    );
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const rows: Row[] = [
    {
      name: `inbound -> receiver 200 p50 (${RATE}/s)`,
      value: percentile(times, 50),
      unit: 'ms',
      budget: 200,
    },
    {
      name: `inbound -> receiver 200 p95 (${RATE}/s)`,
      value: percentile(times, 95),
      unit: 'ms',
      budget: 200,
    },
    { name: 'inbound -> receiver 200 max', value: times.at(-1) ?? NaN, unit: 'ms', budget: 200, info: true },
    {
      name: 'messages sent a second (achieved)',
      value: total / elapsed,
      unit: '/s',
      budget: RATE * 0.95,
      atLeast: true,
    },
    { name: 'inbound refused', value: refused, unit: '', budget: 0 },
    { name: 'events never delivered', value: lost, unit: '', budget: 0 },
    { name: 'bad signatures', value: badSignatures, unit: '', budget: 0 },
  ];
  const failed = printTable(
    `Webhook delivery on ${kind} (${total} inbound messages, ${CUSTOMERS} customers)`,
    rows,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
  receiver.close();
  await db.drop();
}
