/**
 * Reports (issue 24), against the built server:
 *   npx tsx report.ts [--db=postgres|pglite] [--broadcasts=1000] [--recipients=1000000] [--seconds=10] [--keep]
 * Seeds one tenant with SQL (generate_series): 1,000 broadcasts made over the last 12 months with
 * 1,000,000 recipient rows between them (the first broadcast has a tenth of them, the rest share the
 * others), their states mixed as a finished broadcast has them (read, delivered, sent, failed with three
 * reasons, skipped; a tenth of the read replied), each broadcast's counters and broadcast_days counted
 * from its recipients (as the migration's backfill does), and 300 status posts with 2,000 runs. The
 * recipients' indexes are built after the rows; the seed ends with `vacuum analyze`.
 * Then, as the owner, each report call at 20 connections for --seconds after a 3 s warm-up (wrk, p95;
 * autocannon p97.5 without it), budget 100 ms each:
 *   - GET /api/report/broadcast?year&month (the month with the most broadcasts)
 *   - GET /api/report/broadcast/{id} (the largest broadcast)
 *   - GET /api/report/broadcast/{id}/recipient?state=failed&page=2 (its failed recipients, a page)
 *   - GET /api/report/status?year&month
 * The .xlsx export's measurement (issue 24 part 4) belongs in `measureExport` below.
 * PGlite (--db=pglite) seeds a tenth by default. PostgreSQL comes from BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a `sapa_bench_report` database is recreated and dropped
 * after the run unless --keep). Bounded: fixed load phases on 127.0.0.1 only.
 */
import fs from 'node:fs';
import pg from 'pg';
import autocannon from 'autocannon';
import { freshSeedDatabase, type Exec, type SeedDatabase } from './lib/seed-db';
import { hashPassword } from '../apps/server/src/lib/password';
import { api, printTable, startServer, type Row } from './lib/server';
import { WRK, wrk } from './lib/wrk';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const scale = kind === 'postgres' ? 1 : 0.1;
const BROADCASTS = Number(arg('broadcasts', String(1000 * scale)));
const RECIPIENTS = Number(arg('recipients', String(1_000_000 * scale)));
const SECONDS = Number(arg('seconds', '10'));
const KEEP = process.argv.includes('--keep');
/** the first broadcast's recipients (the one measured alone; the export's size) */
const LARGEST = Math.round(RECIPIENTS / 10);
const POSTS = 300;
const RUNS = 2000;
const CONNECTIONS = 20;
const BUDGET_MS = 100;
const port = 3296;
const DB_NAME = 'sapa_bench_report';
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OWNER = { email: 'laporan@contoh.test', password: 'laporan-rahasia-1' };
const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';
const ACCOUNT_ID = 'e0000000-0000-4000-8000-000000000001';

/** A uuid-shaped id (as the app's own, so rows are as wide): `prefix` tells the tables apart. */
const uid = (prefix: string, n: string) =>
  `'${prefix}0000000-0000-4000-8000-' || lpad((${n})::text, 12, '0')`;

/** The recipients' indexes (as the schema makes them): built after the rows. */
const recipientIndexes = [
  'unique index broadcast_recipients_phone_key on broadcast_recipients (broadcast_id, phone)',
  'index broadcast_recipients_state_idx on broadcast_recipients (broadcast_id, state, position)',
  'index broadcast_recipients_position_idx on broadcast_recipients (broadcast_id, position)',
  'unique index broadcast_recipients_message_key on broadcast_recipients (message_id)',
  'index broadcast_recipients_reply_idx on broadcast_recipients (owner_id, phone, sent_at)',
  "index broadcast_recipients_failed_idx on broadcast_recipients (broadcast_id, reason) where state = 'failed'",
];

/** The database to seed: the server's environment for it, and a way to run the seed on one connection. */
function prepareDatabase(): Promise<SeedDatabase> {
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
  const passwordHash = await hashPassword(OWNER.password);
  await exec(`insert into users (id, name, email, phone, password_hash, is_verified, referral_code,
      subscription_expires_at, trial_activated_at, created_at, updated_at)
    values ('${OWNER_ID}', 'Pemilik Laporan', '${OWNER.email}', '6285700000001', '${passwordHash}', true,
      'RLAPORAN01', now() + interval '30 days', now() - interval '400 days', now() - interval '400 days', now())`);
  await exec(`insert into accounts (id, owner_id, type, provider, label_name, phone_number, status, linked_at, created_at)
    values ('${ACCOUNT_ID}', '${OWNER_ID}', 'whatsapp', 'sandbox', 'Nomor Toko', '6280000000000', 'connected',
      now() - interval '400 days', now() - interval '400 days')`);

  // Broadcasts evenly over the last 12 months, newest last; all finished.
  await exec(`insert into broadcasts (id, owner_id, name, state, account_ids, message, started_at, finished_at,
      created_at, updated_at)
    select ${uid('b', 'b')}, '${OWNER_ID}', 'Broadcast ' || b, 'finish', array['${ACCOUNT_ID}'],
      '{"type":"text","text":"Promo"}'::jsonb, made, made + interval '2 hours', made, made + interval '3 days'
    from (select b, now() - interval '365 days' + b * interval '365 days' / ${BROADCASTS} as made
      from generate_series(1, ${BROADCASTS}) b) s`);
  step(`${BROADCASTS} broadcasts`);

  // Recipients: the first broadcast LARGEST of them, the others the rest in turn. k = i % 100: below 70
  // read (one in ten of those replied), below 85 delivered, below 90 sent, below 96 failed (three
  // reasons), the rest skipped as not on WhatsApp. Sent within two hours of the start, read within a day.
  for (const index of recipientIndexes) await exec(`drop index if exists ${/(\S+) on /.exec(index)![1]}`);
  const others = Math.max(1, BROADCASTS - 1);
  const broadcastOf = `case when i <= ${LARGEST} then 1 else 2 + (i - ${LARGEST}) % ${others} end`;
  const batch = 250_000;
  for (let from = 1; from <= RECIPIENTS; from += batch) {
    const to = Math.min(RECIPIENTS, from + batch - 1);
    await exec(`insert into broadcast_recipients (id, broadcast_id, owner_id, position, phone, name, state, reason,
        account_id, chat_id, message_id, sent_at, delivered_at, failed_at, read_at, replied_at)
      select ${uid('c', 'i')}, ${uid('b', 'bn')}, '${OWNER_ID}', i, '62858' || lpad(i::text, 8, '0'),
        'Pelanggan ' || i, st,
        case when st = 'failed' then (array['Pesan gagal dikirim: koneksi terputus', 'Nomor dibatasi WhatsApp (463)',
            'Pesan gagal dikirim: waktu habis'])[i % 3 + 1]
          when st = 'skipped' then 'Nomor tidak terdaftar di WhatsApp' end,
        case when st <> 'skipped' then '${ACCOUNT_ID}' end, null,
        case when st <> 'skipped' then ${uid('c', 'i')} end,
        case when st in ('sent', 'unread', 'read') then sent end,
        case when st in ('unread', 'read') then sent + interval '5 seconds' end,
        case when st = 'failed' then sent end,
        case when st = 'read' then sent + (i % 1440) * interval '1 minute' end,
        case when st = 'read' and i % 10 = 0 then sent + (i % 1440) * interval '1 minute' + interval '10 minutes' end
      from (select i, bn, b.created_at + (i % 7200) * interval '1 second' as sent,
          case when i % 100 < 70 then 'read' when i % 100 < 85 then 'unread' when i % 100 < 90 then 'sent'
            when i % 100 < 96 then 'failed' else 'skipped' end as st
        from (select i, ${broadcastOf} as bn from generate_series(${from}, ${to}) i) g
        join broadcasts b on b.id = ${uid('b', 'g.bn')}) r`);
  }
  for (const index of recipientIndexes) await exec(`create ${index}`);
  step(`${RECIPIENTS} recipients (+ indexes)`);

  // Each broadcast's counters and days from its recipients, as adjustCounters would have kept them.
  await exec(`update broadcasts b set total = c.total, sent = c.sent, delivered = c.delivered, read = c.read,
      replied = c.replied, failed = c.failed, skipped = c.skipped, pending = 0, opted_out = 0
    from (select broadcast_id, count(*)::int as total,
        count(*) filter (where state in ('sent', 'unread', 'read'))::int as sent,
        count(*) filter (where state in ('unread', 'read'))::int as delivered,
        count(*) filter (where state = 'read')::int as read,
        count(replied_at)::int as replied,
        count(*) filter (where state = 'failed')::int as failed,
        count(*) filter (where state = 'skipped')::int as skipped
      from broadcast_recipients group by 1) c
    where c.broadcast_id = b.id`);
  const day = (column: string) => `to_char(${column} at time zone 'UTC' + interval '7 hours', 'YYYY-MM-DD')`;
  await exec(`insert into broadcast_days (broadcast_id, owner_id, day, sent, delivered, read, replied, failed, opted_out)
    select broadcast_id, owner_id, ${day('at')}, sum(s)::int, sum(d)::int, sum(rd)::int, sum(rp)::int, sum(f)::int, 0
    from (select r.broadcast_id, r.owner_id, v.*
      from broadcast_recipients r
      cross join lateral (values
        (case when r.state in ('sent', 'unread', 'read') then r.sent_at end, 1, 0, 0, 0, 0),
        (case when r.state in ('unread', 'read') then r.delivered_at end, 0, 1, 0, 0, 0),
        (case when r.state = 'read' then r.read_at end, 0, 0, 1, 0, 0),
        (r.replied_at, 0, 0, 0, 1, 0),
        (case when r.state = 'failed' then r.failed_at end, 0, 0, 0, 0, 1)
      ) as v(at, s, d, rd, rp, f)
      where v.at is not null) e
    group by 1, 2, 3`);
  step('counters and broadcast_days');

  // Status posts: daily ones over the year, each run sent to 50-549 contacts, one in 20 failed.
  await exec(`insert into status_posts (id, owner_id, account_id, type, text, audience, repeat, state, created_at, updated_at)
    select ${uid('d', 'p')}, '${OWNER_ID}', '${ACCOUNT_ID}', (array['text', 'image', 'video'])[p % 3 + 1],
      'Status ' || p, 'all', 'daily', 'finish', now() - interval '365 days', now()
    from generate_series(1, ${POSTS}) p`);
  await exec(`insert into status_runs (id, post_id, owner_id, due_at, at, state, viewers, reason)
    select ${uid('f', 'n')}, ${uid('d', `n % ${POSTS} + 1`)}, '${OWNER_ID}', due, due,
      case when n % 20 = 0 then 'failed' else 'sent' end, case when n % 20 = 0 then 0 else 50 + n % 500 end,
      case when n % 20 = 0 then 'Nomor terputus' end
    from (select n, now() - interval '365 days' + n * interval '365 days' / ${RUNS} as due
      from generate_series(1, ${RUNS}) n) s`);
  step(`${POSTS} status posts, ${RUNS} runs`);
  await exec('vacuum analyze');
  if (kind === 'postgres') await exec('checkpoint');
  step('vacuum analyze, checkpoint');
  return rows;
}

/**
 * The .xlsx export of the largest broadcast (issue 24 part 4: < 20 s, RSS growth < 150 MB) is measured
 * by its own engineer here, against the same seeded tenant; nothing yet.
 */
async function measureExport(_base: string, _token: string, _broadcastId: string): Promise<Row[]> {
  return [];
}

async function main() {
  const db = await prepareDatabase();
  const seedStarted = performance.now();
  let seedRows: Row[] = [];
  await db.seed(async (exec) => {
    seedRows = await seed(exec);
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const server = await startServer({ ...db.env, REDIS_URL: '', SAPA_DEMO: '0' }, port);
  const base = server.base;
  const { token } = await api<{ token: string }>(base, 'POST', '/api/auth/login', '', {
    identifier: OWNER.email,
    password: OWNER.password,
  });
  // the month with the most broadcasts (Asia/Jakarta), and the largest broadcast
  const client = kind === 'postgres' ? new pg.Client({ connectionString: db.env.DATABASE_URL }) : null;
  let year = new Date().getUTCFullYear();
  let month = new Date().getUTCMonth() + 1;
  if (client) {
    await client.connect();
    const busiest = await client.query<{ y: number; m: number }>(`select
        extract(year from created_at at time zone 'UTC' + interval '7 hours')::int as y,
        extract(month from created_at at time zone 'UTC' + interval '7 hours')::int as m
      from broadcasts group by 1, 2 order by count(*) desc limit 1`);
    year = busiest.rows[0]!.y;
    month = busiest.rows[0]!.m;
    await client.end();
  }
  const largest = 'b0000000-0000-4000-8000-000000000001';
  const period = await api<{ broadcasts: unknown[]; counts: { total: number } }>(
    base,
    'GET',
    `/api/report/broadcast?year=${year}&month=${month}`,
    token,
  );
  const one = await api<{ counts: { total: number; failed: number }; days: unknown[] }>(
    base,
    'GET',
    `/api/report/broadcast/${largest}`,
    token,
  );
  console.log(
    `${year}-${month}: ${period.broadcasts.length} broadcasts, ${period.counts.total} recipients; ` +
      `largest: ${one.counts.total} recipients, ${one.counts.failed} failed, ${one.days.length} days`,
  );
  const calls = [
    { name: 'period report', url: `/api/report/broadcast?year=${year}&month=${month}` },
    { name: 'broadcast report', url: `/api/report/broadcast/${largest}` },
    {
      name: 'recipients, failed, page 2',
      url: `/api/report/broadcast/${largest}/recipient?state=failed&page=2`,
    },
    { name: 'status report', url: `/api/report/status?year=${year}&month=${month}` },
  ];

  const measure = async (url: string, seconds: number) => {
    if (fs.existsSync(WRK)) {
      const out = await wrk(`${base}${url}`, token, seconds, 'wrk-report.lua', { connections: CONNECTIONS });
      return { ...out, perSecond: out.requests / out.seconds, stat: 'p95' };
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
      stat: 'p97.5',
    };
  };
  const rows: Row[] = [
    {
      name: `seed ${BROADCASTS} broadcasts, ${RECIPIENTS} recipients`,
      value: seedSeconds,
      unit: 's',
      budget: 300,
    },
    ...seedRows,
  ];
  for (const call of calls) {
    await measure(call.url, 3); // warm-up: JIT, the pool's connections and their prepared statements
    const result = await measure(call.url, SECONDS);
    rows.push(
      {
        name: `${call.name} @${CONNECTIONS} p50`,
        value: result.p50,
        unit: 'ms',
        budget: BUDGET_MS,
        info: true,
      },
      {
        name: `${call.name} @${CONNECTIONS} ${result.stat} (${result.requests} req)`,
        value: result.requests ? result.p95 : Infinity,
        unit: 'ms',
        budget: BUDGET_MS,
      },
    );
  }
  rows.push(...(await measureExport(base, token, largest)));
  await server.stop();
  if (!KEEP) await db.drop();
  const failed = printTable(`Reports on ${kind}`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
