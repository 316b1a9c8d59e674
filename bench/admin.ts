/**
 * The operators' dashboard (issue 23), against the built server:
 *   npx tsx admin.ts [--db=postgres|pglite] [--owners=100000] [--messages=3000000] [--seconds=10]
 *     [--keep] [--reuse]
 * Seeds a whole platform with SQL (generate_series), PostgreSQL's defaults: 100,000 owners registered
 * over two years (a quarter never started the trial, 40% trial only: running for those who registered
 * in the last 14 days, 35% bought: 25% running, 10% lapsed; a few disabled), ~30,000 paid purchases
 * over 12 months beside ~3,000 pending, expired and cancelled ones (some transfers waiting with a
 * proof), 1,000 affiliate withdrawals, ~150,000 accounts (every owner's sandbox number and 50,000
 * WhatsApp, Instagram and Messenger numbers, some removed or disconnected), 100,000 chats and
 * 3,000,000 messages spread over the last 30 days in the order they came (as ingest writes them, so the
 * BRIN index on created_at stays tight). The seed skips triggers and foreign-key checks (its rows are
 * consistent by construction) and builds the message text's trigram index not at all (the dashboard
 * never reads it); it ends with `vacuum analyze` and a checkpoint, as a long-running database has it.
 * Then, with an operator's session:
 *   - the first GET /api/admin/dashboard (counts the 29 closed days into stats_daily)
 *   - GET /api/admin/dashboard at 10 connections: p50, p95 (budget 200 ms), requests/s (wrk after a
 *     3 s warm-up; autocannon, p97.5, without wrk)
 * PGlite (--db=pglite) seeds a tenth by default. PostgreSQL comes from BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a `sapa_bench_admin` database is recreated and dropped
 * after the run unless --keep; --reuse measures the one a --keep run left, its stats_daily emptied).
 * Bounded: fixed load phases on 127.0.0.1 only.
 */
import fs from 'node:fs';
import pg from 'pg';
import autocannon from 'autocannon';
import { freshSeedDatabase, type Exec, type SeedDatabase } from './lib/seed-db';
import { api, load, percentile, printTable, startServer, type Row } from './lib/server';
import { WRK, wrk } from './lib/wrk';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const scale = kind === 'postgres' ? 1 : 0.1;
const OWNERS = Number(arg('owners', String(100_000 * scale)));
const MESSAGES = Number(arg('messages', String(3_000_000 * scale)));
const SECONDS = Number(arg('seconds', '10'));
const KEEP = process.argv.includes('--keep');
/** PostgreSQL: measure the database a run with --keep left (its stats_daily emptied), without seeding */
const REUSE = kind === 'postgres' && process.argv.includes('--reuse');
/** the rest in proportion to the owners */
const PAID = Math.round(OWNERS * 0.3);
const UNPAID = Math.round(OWNERS * 0.03);
const WITHDRAWALS = Math.round(OWNERS * 0.01);
const NUMBERS = Math.round(OWNERS * 0.5);
const CHATS = OWNERS;
const CONNECTIONS = 10;
const BUDGET_MS = 200;
const port = 3295;
const DB_NAME = 'sapa_bench_admin';
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OPERATOR = { username: 'dasbor-operator', password: 'dasbor-rahasia-1' };

/** A uuid-shaped id (as the app's own, so rows are as wide): `prefix` tells the tables apart. */
const uid = (prefix: string, n: string) =>
  `'${prefix}0000000-0000-4000-8000-' || lpad((${n})::text, 12, '0')`;
/** the owner of real number j (1..NUMBERS) and the number of chat c (1..CHATS) */
const ownerOfNumber = (j: string) => `((${j}) * 13 % ${OWNERS} + 1)`;
const numberOfChat = (c: string) => `((${c} - 1) % ${NUMBERS} + 1)`;

/** The messages' b-tree indexes (as migration 0002 makes them): name and definition. */
const messageIndexes = [
  'messages_account_external_key using btree (account_id, external_id)',
  'messages_chat_temporary_key using btree (chat_id, temporary_id)',
  'messages_chat_created_idx using btree (chat_id, created_at desc nulls last, seq desc nulls last)',
];

/** The database to seed: the server's environment for it, and a way to run the seed on one connection. */
async function prepareDatabase(): Promise<SeedDatabase> {
  if (kind === 'postgres' && REUSE) {
    // the seeded database of an earlier run (--keep): only the operators' cached figures go
    const url = new URL(baseUrl);
    url.pathname = `/${DB_NAME}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query('delete from stats_daily');
    await client.end();
    return {
      env: { DATABASE_URL: url.toString() },
      seed: async () => undefined,
      drop: async () => undefined,
    };
  }
  return freshSeedDatabase({ kind, baseUrl, name: DB_NAME, fast: true });
}

async function seed(exec: Exec): Promise<Row[]> {
  const rows: Row[] = [];
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    rows.push({ name: `  seed: ${name}`, value: (now - last) / 1000, unit: 's', budget: 180, info: true });
    last = now;
  };
  // the trigram indexes: the messages' is left out (the dashboard never reads it), the chats' rebuilt
  await exec('drop index if exists messages_text_trgm_idx');
  await exec('drop index if exists chats_contact_trgm_idx');

  // Owners registered evenly over two years (owner g later than g - 1). k = g % 100: below 35 bought
  // (below 25 still running, lapsed up to 300 days ago otherwise), 35-74 trial only (running for 14
  // days from registering), 75 and up never started it. One in 200 disabled.
  const created = `now() - (${OWNERS} - g) * interval '730 days' / ${OWNERS}`;
  await exec(`insert into users (id, name, email, phone, password_hash, is_verified, referral_code,
      subscription_expires_at, subscription_plan, trial_activated_at, disabled_at, last_active_at,
      created_at, updated_at)
    select ${uid('a', 'g')}, 'Pemilik ' || g, 'pemilik' || g || '@contoh.test', '62857' || lpad(g::text, 8, '0'),
      'bench-no-login', true, 'R' || lpad(g::text, 9, '0'),
      case when g % 100 < 25 then now() + (g % 90 + 1) * interval '1 day'
        when g % 100 < 35 then now() - (g % 300 + 1) * interval '1 day'
        when g % 100 < 75 then ${created} + interval '14 days' end,
      case when g % 100 < 35 then jsonb_build_object('key', 'bisnis', 'name', 'Bisnis', 'numbers', 3) end,
      case when g % 100 < 75 then ${created} + interval '1 hour' end,
      case when g % 200 = 199 then now() - interval '3 days' end,
      now() - (g % 30) * interval '1 day', ${created}, ${created}
    from generate_series(1, ${OWNERS}) g`);
  step(`${OWNERS} owners`);

  // Paid purchases of the buying owners, evenly over the last 12 months; a quarter by bank transfer.
  const buyer = (i: string) =>
    `(1 + ((${i}) * 37 % ${Math.max(1, Math.floor(OWNERS / 100) - 1)}) * 100 + (${i}) % 35)`;
  const price = `(array[99000, 199000, 399000])[i % 3 + 1] * (array[1, 3, 6, 12])[i % 4 + 1]`;
  await exec(`insert into transactions (id, owner_id, idempotency_key, plan_key, plan, months, gross, discount,
      subtotal, tax_base, tax, total, method, status, payment_expires_at, paid_at, extended_to, invoice_number,
      reference, proof_key, proof_uploaded_at, created_at, updated_at)
    select ${uid('b', 'i')}, ${uid('a', buyer('i'))}, 'kunci-' || i, 'bisnis',
      '{"key":"bisnis","name":"Bisnis"}'::jsonb, (array[1, 3, 6, 12])[i % 4 + 1],
      ${price}, 0, ${price}, ${price}, round(${price} * 0.11), ${price} + round(${price} * 0.11),
      case when i % 4 = 0 then 'bank_transfer' else 'midtrans' end, 'paid',
      paid + interval '1 day', paid, paid + interval '30 days', 'INV/BENCH/' || i, 'SAPA-P' || i,
      case when i % 4 = 0 then 'proof-' || i || '.png' end, case when i % 4 = 0 then paid end,
      paid - interval '10 minutes', paid
    from (select i, now() - i * interval '365 days' / ${PAID} as paid from generate_series(1, ${PAID}) i) p`);
  // Not paid: pending (bank transfers half with a proof, a third of those past their window),
  // expired and cancelled.
  await exec(`insert into transactions (id, owner_id, idempotency_key, plan_key, plan, months, gross, discount,
      subtotal, tax_base, tax, total, method, status, payment_expires_at, reference, proof_key, created_at,
      updated_at)
    select ${uid('c', 'i')}, ${uid('a', `(i * 7) % ${OWNERS} + 1`)}, 'unpaid-' || i, 'bisnis',
      '{"key":"bisnis","name":"Bisnis"}'::jsonb, 1, 199000, 0, 199000, 199000, 21890, 220890,
      case when i % 2 = 0 then 'bank_transfer' else 'midtrans' end,
      case when i % 10 = 0 then 'pending' when i % 10 < 6 then 'expired' else 'cancelled' end,
      case when i % 10 = 0 and i % 3 = 0 then now() - interval '1 hour'
        else now() + interval '1 hour' - (i % 10) * interval '1 day' end,
      'SAPA-U' || i, case when i % 4 = 0 then 'proof-u' || i || '.png' end,
      now() - i * interval '365 days' / ${UNPAID}, now()
    from generate_series(1, ${UNPAID}) i`);
  await exec(`insert into affiliate_withdrawals (id, owner_id, amount, bank_name, account_number, account_holder,
      status, created_at, updated_at)
    select ${uid('d', 'i')}, ${uid('a', buyer('i'))}, 50000 + i * 10, 'BCA', '123' || lpad(i::text, 7, '0'),
      'Pemilik ' || i, (array['requested', 'approved', 'paid', 'paid', 'paid', 'rejected'])[i % 6 + 1],
      now() - i * interval '1 hour', now()
    from generate_series(1, ${WITHDRAWALS}) i`);
  step(`${PAID} paid + ${UNPAID} other purchases, ${WITHDRAWALS} withdrawals`);

  // Every owner's sandbox number, then the real ones: 70% WhatsApp, 20% Instagram, 10% Messenger;
  // one in 17 removed, one in 8 disconnected, one in 29 logged out. The WhatsApp Web numbers are held
  // by another (imagined) process's lease for a day, so the server never dials WhatsApp for them.
  await exec(`insert into accounts (id, owner_id, type, provider, label_name, phone_number, status, linked_at,
      created_at)
    select ${uid('e', 'g')}, ${uid('a', 'g')}, 'whatsapp', 'sandbox', 'Sandbox Pemilik ' || g, '6280000000000',
      'connected', ${created}, ${created}
    from generate_series(1, ${OWNERS}) g`);
  await exec(`insert into accounts (id, owner_id, type, provider, label_name, phone_number, status, deleted_at,
      lease_holder, lease_expires_at, linked_at, created_at)
    select ${uid('f', 'j')}, ${uid('a', ownerOfNumber('j'))},
      case when j % 10 < 7 then 'whatsapp' when j % 10 < 9 then 'instagram' else 'messenger' end,
      case when j % 10 < 7 then 'whatsapp-web' else 'meta' end, 'Nomor ' || j, '62813' || lpad(j::text, 8, '0'),
      case when j % 8 = 0 then 'disconnected' when j % 29 = 0 then 'logged_out' else 'connected' end,
      case when j % 17 = 0 then now() - interval '5 days' end,
      case when j % 10 < 7 then 'bench-elsewhere' end, case when j % 10 < 7 then now() + interval '1 day' end,
      now() - (j % 400) * interval '1 day', now() - (j % 400) * interval '1 day'
    from generate_series(1, ${NUMBERS}) j`);
  step(`${OWNERS + NUMBERS} accounts`);

  await exec(`insert into chats (id, owner_id, account_id, external_id, contact_name, contact_phone,
      last_message_at, last_message_text, created_at, updated_at)
    select ${uid('1', 'c')}, ${uid('a', ownerOfNumber(numberOfChat('c')))}, ${uid('f', numberOfChat('c'))},
      '62812' || lpad(c::text, 8, '0'), 'Pelanggan ' || c, '62812' || lpad(c::text, 8, '0'),
      now() - (c % 720) * interval '1 hour', 'halo kak', now() - interval '31 days', now()
    from generate_series(1, ${CHATS}) c`);
  await exec(
    `create index chats_contact_trgm_idx on chats using gin ((contact_name || ' ' || contact_phone) gin_trgm_ops)`,
  );
  step(`${CHATS} chats`);

  // Messages over the last 30 days, oldest first (as they arrive), in batches; their b-tree indexes
  // are built after (a third of the time of keeping them up row by row), the BRIN index kept.
  for (const index of messageIndexes) await exec(`drop index ${index.split(' ')[0]}`);
  const batch = 500_000;
  const phrases = `array['halo kak', 'masih ready?', 'ongkir ke bandung berapa', 'sudah transfer ya', 'terima kasih']`;
  for (let from = 1; from <= MESSAGES; from += batch) {
    const to = Math.min(MESSAGES, from + batch - 1);
    const chat = `((g::bigint * 7919) % ${CHATS} + 1)`;
    await exec(`insert into messages (id, owner_id, chat_id, account_id, external_id, type, text, is_from_me,
        status, created_at, updated_at)
      select ${uid('2', 'g')}, ${uid('a', ownerOfNumber(numberOfChat(chat)))}, ${uid('1', chat)},
        ${uid('f', numberOfChat(chat))}, 'wamid.' || g, 'text', (${phrases})[g % 5 + 1], g % 2 = 0, 'read',
        stamp, stamp
      from (select g, now() - interval '30 days' + g * interval '30 days' / ${MESSAGES} as stamp
        from generate_series(${from}, ${to}) g) m`);
  }
  for (const index of messageIndexes) {
    const [name, ...definition] = index.split(' ');
    await exec(
      `create ${name!.endsWith('_key') ? 'unique ' : ''}index ${name} on messages ${definition.join(' ')}`,
    );
  }
  step(`${MESSAGES} messages`);
  await exec('vacuum analyze');
  if (kind === 'postgres') await exec('checkpoint');
  step('vacuum analyze, checkpoint');
  return rows;
}

async function main() {
  const db = await prepareDatabase();
  const seedStarted = performance.now();
  let seedRows: Row[] = [];
  await db.seed(async (exec) => {
    seedRows = await seed(exec);
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const server = await startServer(
    {
      ...db.env,
      REDIS_URL: '',
      SAPA_DEMO: '0',
      SAPA_ADMIN_USERNAME: OPERATOR.username,
      SAPA_ADMIN_PASSWORD: OPERATOR.password,
    },
    port,
  );
  const base = server.base;
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/admin/login', '', OPERATOR);
  const url = '/api/admin/dashboard';
  const firstStarted = performance.now();
  const figures = await api<{
    owners: { total: number };
    subscriptions: { active: number; trial: number };
    revenue: { months: { total: number }[] };
    numbers: Record<string, number>;
    messagesPerDay: { day: string; count: number }[];
  }>(base, 'GET', url, token);
  const firstMs = performance.now() - firstStarted;
  const today = figures.messagesPerDay.at(-1)!;
  console.log(
    `owners ${figures.owners.total}, running: ${figures.subscriptions.active} paid + ${figures.subscriptions.trial} trial; ` +
      `12 months' revenue ${figures.revenue.months.reduce((s, m) => s + m.total, 0)}; numbers ${JSON.stringify(figures.numbers)}; ` +
      `messages over 30 days ${figures.messagesPerDay.reduce((s, d) => s + d.count, 0)}, today (${today.day}) ${today.count}`,
  );
  // one client at a time: what an operator opening the page waits
  const single = await load(
    async () => {
      await api(base, 'GET', url, token);
    },
    1,
    3000,
  );

  const measure = async (seconds: number) => {
    if (fs.existsSync(WRK)) {
      const out = await wrk(`${base}${url}`, token, seconds, 'wrk-report.lua', { connections: CONNECTIONS });
      return { ...out, perSecond: out.requests / out.seconds, stat: 'p95, wrk' };
    }
    const result = await autocannon({
      url: `${base}${url}`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { token },
    });
    if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
    return {
      requests: result.requests.total,
      perSecond: result.requests.total / result.duration,
      p50: result.latency.p50,
      p95: result.latency.p97_5,
      p99: result.latency.p99,
      stat: 'p97.5, autocannon',
    };
  };
  await measure(3); // warm-up: JIT, the pool's connections and their prepared statements
  const result = await measure(SECONDS);
  await server.stop();
  if (!KEEP && !REUSE) await db.drop();

  const rows: Row[] = [
    ...(REUSE
      ? []
      : [
          {
            name: `seed ${OWNERS} owners, ${PAID} paid, ${OWNERS + NUMBERS} accounts, ${MESSAGES} msgs`,
            value: seedSeconds,
            unit: 's',
            budget: 180,
          },
          ...seedRows,
        ]),
    { name: 'first dashboard (counts 29 closed days)', value: firstMs, unit: 'ms', budget: 10_000 },
    // one operator at a time: each request counts every figure itself
    {
      name: 'dashboard, 1 client, p50',
      value: percentile(single, 50),
      unit: 'ms',
      budget: BUDGET_MS,
      info: true,
    },
    {
      name: `dashboard, 1 client, p95 (${single.length} req)`,
      value: percentile(single, 95),
      unit: 'ms',
      budget: BUDGET_MS,
      info: true,
    },
    { name: `dashboard @${CONNECTIONS} p50`, value: result.p50, unit: 'ms', budget: BUDGET_MS, info: true },
    {
      name: `dashboard @${CONNECTIONS} ${result.stat} (${result.requests} req)`,
      value: result.requests ? result.p95 : Infinity,
      unit: 'ms',
      budget: BUDGET_MS,
    },
    { name: `dashboard @${CONNECTIONS} p99`, value: result.p99, unit: 'ms', budget: BUDGET_MS, info: true },
    {
      name: `dashboard @${CONNECTIONS} throughput`,
      value: result.perSecond,
      unit: 'req/s',
      budget: 0,
      atLeast: true,
      info: true,
    },
  ];
  const failed = printTable(`Admin dashboard on ${kind}`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
