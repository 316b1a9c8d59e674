/**
 * Messenger DMs into the inbox (issue 25: 'customer DMs arrive in the inbox within a second'),
 * against the built server and the fake Graph API on 127.0.0.1:
 *   npx tsx meta-webhook.ts [--db=postgres|pglite] [--rate=50] [--seconds=10]
 * One owner links a Page through the (fake) Facebook dialog and keeps an inbox socket open; 50
 * customers then write at `rate` messages a second, each delivery signed as Meta signs it. Each
 * message is timed from its webhook POST leaving to its `message.created` frame reaching the
 * socket (verification, the job, the profile lookup for a new customer, the ingest and the fan-out);
 * p50/p95/max against 1,000 ms. Bounded: rate x seconds messages, each wait at most 10 s.
 */
import WebSocket from 'ws';
import { startFakeGraph } from '../apps/server/test/fake-graph';
import { addPage, addPerson, installPages } from '../apps/server/test/fake-graph-pages';
import { freshSeedDatabase } from './lib/seed-db';
import { api, percentile, printTable, registerOwner, startServer, type Row } from './lib/server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const RATE = Number(arg('rate', '50'));
const SECONDS = Number(arg('seconds', '10'));
const port = 3296;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const fake = await startFakeGraph();
installPages(fake);
const page = addPage(fake, { name: 'Toko Bench' });
const customers = Array.from({ length: 50 }, (_, i) =>
  addPerson(fake, { of: page.id, name: `Pelanggan ${i + 1}` }),
);

const db = await freshSeedDatabase({ kind, baseUrl, name: 'sapa_bench_meta', fast: false });
const server = await startServer(
  {
    ...db.env,
    SAPA_SECRET_KEY: 'ab'.repeat(32),
    META_APP_ID: fake.appId,
    META_APP_SECRET: fake.appSecret,
    META_VERIFY_TOKEN: 'bench-verify',
    META_GRAPH_URL: fake.url,
    META_DIALOG_URL: fake.url,
    // the owner need not be a beta user here
    SAPA_BETA_PATHS: '/user/beta-only',
  },
  port,
);
const { base } = server;

try {
  const owner = await registerOwner(base, {
    name: 'Toko Bench Meta',
    email: 'bench-meta@contoh.test',
    phone: '6281299887766',
    password: 'rahasia-bench-1',
  });
  // Facebook Login through the fake dialog, as a person would
  const { url } = await api<{ url: string }>(base, 'POST', '/api/integration/meta/login', owner.token, {
    kind: 'messenger',
  });
  const dialog = new URL(url);
  const confirm = new URL('/dialog/oauth/confirm', fake.url);
  confirm.searchParams.set('state', dialog.searchParams.get('state')!);
  confirm.searchParams.set('redirect_uri', dialog.searchParams.get('redirect_uri')!);
  confirm.searchParams.set('page', page.id);
  confirm.searchParams.set('decision', 'allow');
  const back = await fetch(confirm, { redirect: 'manual' });
  const query = Object.fromEntries(new URL(back.headers.get('location')!).searchParams);
  await api(base, 'POST', '/api/integration/meta/callback', owner.token, { kind: 'messenger', ...query });

  // the inbox socket: each message's frame, by its text
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${owner.token}`);
  socket.on('message', (data) => {
    const at = performance.now();
    const frame = JSON.parse(JSON.parse(String(data)) as string) as {
      type: string;
      message?: { text: string } | null;
    };
    if (frame.type !== 'message.created' || !frame.message) return;
    arrived.set(frame.message.text, at);
    waiters.get(frame.message.text)?.(at);
  });
  await new Promise((r) => socket.once('open', r));

  const total = RATE * SECONDS;
  const times: number[] = [];
  let lost = 0;
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    // paced: message i leaves at i / rate seconds
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const customer = customers[i % customers.length]!;
    const text = `Pesan bench ${i}`;
    const raw = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page.id,
          time: Date.now(),
          messaging: [
            {
              sender: { id: customer.id },
              recipient: { id: page.id },
              timestamp: Date.now(),
              message: { mid: `m_bench_${i}_${Date.now()}`, text },
            },
          ],
        },
      ],
    });
    sends.push(
      (async () => {
        const t0 = performance.now();
        const seen = new Promise<number>((resolve, reject) => {
          const known = arrived.get(text);
          if (known !== undefined) return resolve(known);
          waiters.set(text, resolve);
          setTimeout(() => reject(new Error('no frame within 10 s')), 10_000).unref();
        });
        const res = await fetch(`${base}/webhooks/meta`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(raw) },
          body: raw,
        });
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        try {
          times.push((await seen) - t0);
        } catch {
          lost++;
        }
      })(),
    );
  }
  await Promise.all(sends);
  socket.close();
  times.sort((a, b) => a - b);
  const rows: Row[] = [
    {
      name: `DM webhook -> inbox frame p50 (${RATE}/s)`,
      value: percentile(times, 50),
      unit: 'ms',
      budget: 1000,
    },
    {
      name: `DM webhook -> inbox frame p95 (${RATE}/s)`,
      value: percentile(times, 95),
      unit: 'ms',
      budget: 1000,
    },
    {
      name: 'DM webhook -> inbox frame max',
      value: times.at(-1) ?? NaN,
      unit: 'ms',
      budget: 1000,
      info: true,
    },
    { name: 'messages that never arrived', value: lost, unit: '', budget: 0 },
  ];
  const failed = printTable(
    `Meta webhooks into the inbox on ${kind} (${total} messages, 50 customers)`,
    rows,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
  await fake.close();
  await db.drop();
}
