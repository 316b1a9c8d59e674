/**
 * The report export (issue 24 part 4), against the built server (`npm run build -w @sapa/server`):
 *   npx tsx report-export.ts [--db=postgres|pglite] [--recipients=100000] [--keep] [--check]
 * Seeds one owner with SQL (generate_series): one finished broadcast with N recipient rows (read,
 * unread, sent, failed with a reason, skipped; a tenth of the read replied), from one number. Then,
 * signed in as the owner, downloads GET /api/report/broadcast/{id}/export once to warm up on a small
 * broadcast, then the big one, reading the body as it comes (nothing kept), and reports:
 *   - the time of the whole download (budget 20 s) and its size
 *   - the server's RSS growth while it streams, peak over the start (budget 150 MB; /proc VmRSS
 *     sampled every 50 ms)
 * --check also counts the rows of the downloaded file (exceljs's streaming reader; not timed).
 * PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a
 * `sapa_bench_report_export` database is recreated, and dropped after the run unless --keep); PGlite
 * (--db=pglite) seeds a temporary data folder before the server opens it. BENCH_SERVER_MAIN runs
 * another build than apps/server/dist. Bounded: one download of each, a 120 s limit on it, 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { freshSeedDatabase, type Exec, type SeedDatabase } from './lib/seed-db';
import { hashPassword } from '../apps/server/src/lib/password';
import { api, printTable, startServer, type Row } from './lib/server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const RECIPIENTS = Number(arg('recipients', '100000'));
const KEEP = process.argv.includes('--keep');
const CHECK = process.argv.includes('--check');
const port = 3297;
const DB_NAME = 'sapa_bench_report_export';
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OWNER = { email: 'ekspor@contoh.test', password: 'rahasia123' };
const OWNER_ID = 'a0000000-0000-4000-8000-000000000001';
const ACCOUNT_ID = 'e0000000-0000-4000-8000-000000000001';
const BIG_ID = 'b0000000-0000-4000-8000-000000000001';
const WARM_ID = 'b0000000-0000-4000-8000-000000000002';
const TIME_BUDGET_MS = 20_000;
const RSS_BUDGET_MB = 150;

/** The resident set of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The database: the server's environment for it, a way to seed it before the server starts, and its removal. */
function prepareDatabase(): Promise<SeedDatabase> {
  return freshSeedDatabase({ kind, baseUrl, name: DB_NAME, fast: false });
}

/** One broadcast's recipients, as a finished broadcast has them. */
const recipients = (broadcastId: string, count: number, prefix: string) => `
  insert into broadcast_recipients (id, broadcast_id, owner_id, position, phone, name, state, reason, account_id,
      sent_at, read_at, replied_at)
  select '${prefix}' || lpad(i::text, 12, '0'), '${broadcastId}', '${OWNER_ID}', i,
    '62858' || lpad(i::text, 8, '0'), 'Pelanggan ' || i, st,
    case when st = 'failed' then 'Pesan gagal dikirim: koneksi terputus'
      when st = 'skipped' then 'Nomor tidak terdaftar di WhatsApp' end,
    case when st <> 'skipped' then '${ACCOUNT_ID}' end,
    case when st in ('sent', 'unread', 'read') then at end,
    case when st = 'read' then at + interval '20 minutes' end,
    case when st = 'read' and i % 10 = 0 then at + interval '1 hour' end
  from (select i, now() - interval '2 days' + i * interval '1 second' as at,
      (array['read', 'read', 'read', 'unread', 'unread', 'sent', 'failed', 'skipped', 'read', 'unread'])[i % 10 + 1] as st
    from generate_series(1, ${count}) i) s`;

async function seed(exec: Exec): Promise<void> {
  const passwordHash = await hashPassword(OWNER.password);
  await exec(`insert into users (id, name, email, phone, password_hash, is_verified, referral_code,
      subscription_expires_at, trial_activated_at, created_at, updated_at)
    values ('${OWNER_ID}', 'Pemilik Ekspor', '${OWNER.email}', '6285700000009', '${passwordHash}', true,
      'REKSPOR001', now() + interval '30 days', now() - interval '40 days', now() - interval '40 days', now())`);
  await exec(`insert into accounts (id, owner_id, type, provider, label_name, phone_number, status, linked_at, created_at)
    values ('${ACCOUNT_ID}', '${OWNER_ID}', 'whatsapp', 'sandbox', 'Nomor Toko', '6281100001111', 'connected',
      now() - interval '40 days', now() - interval '40 days')`);
  await exec(`insert into broadcasts (id, owner_id, name, state, account_ids, message, total, started_at, finished_at,
      created_at, updated_at)
    values ('${BIG_ID}', '${OWNER_ID}', 'Promo Seratus Ribu', 'finish', array['${ACCOUNT_ID}'],
      '{"type":"text","text":"Promo"}'::jsonb, ${RECIPIENTS}, now() - interval '2 days', now() - interval '1 day',
      now() - interval '2 days', now()),
    ('${WARM_ID}', '${OWNER_ID}', 'Pemanasan', 'finish', array['${ACCOUNT_ID}'],
      '{"type":"text","text":"Promo"}'::jsonb, 5000, now() - interval '3 days', now() - interval '3 days',
      now() - interval '3 days', now())`);
  await exec(recipients(BIG_ID, RECIPIENTS, 'c'));
  await exec(recipients(WARM_ID, 5000, 'd'));
  await exec('vacuum analyze');
}

/** Downloads an export, reading it as it comes; returns its time, size and the server's peak RSS. */
async function download(
  base: string,
  token: string,
  id: string,
  pid: number,
  saveTo?: string,
): Promise<{ ms: number; bytes: number; rssPeak: number; firstByteMs: number }> {
  let rssPeak = rssMb(pid);
  const sample = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/report/broadcast/${id}/export`, {
      headers: { token },
      signal: AbortSignal.timeout(120_000),
    });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let firstByteMs = 0;
    const file = saveTo ? fs.createWriteStream(saveTo) : null;
    for await (const chunk of Readable.fromWeb(res.body! as never)) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += (chunk as Buffer).length;
      if (file && !file.write(chunk)) await new Promise<void>((r) => file.once('drain', () => r()));
    }
    if (file) await new Promise<void>((r) => file.end(() => r()));
    return { ms: performance.now() - started, bytes, rssPeak: Math.max(rssPeak, rssMb(pid)), firstByteMs };
  } finally {
    clearInterval(sample);
  }
}

/** The data rows of the first sheet of a workbook file (streaming reader: constant memory). */
async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  return rows - 1; // the header
}

async function main() {
  const db = await prepareDatabase();
  const seedStarted = performance.now();
  await db.seed(seed);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const server = await startServer({ ...db.env, REDIS_URL: '', SAPA_DEMO: '0' }, port);
  const pid = server.child.pid!;
  const rows: Row[] = [];
  let failed = 0;
  try {
    const { token } = await api<{ token: string }>(server.base, 'POST', '/api/auth/login', '', {
      identifier: OWNER.email,
      password: OWNER.password,
    });
    // warm up: the JIT, exceljs loaded, the pool's statements
    await download(server.base, token, WARM_ID, pid);
    await new Promise((r) => setTimeout(r, 500));
    const rssStart = rssMb(pid);
    const file = CHECK ? path.join(os.tmpdir(), `sapa-report-export-${process.pid}.xlsx`) : undefined;
    const big = await download(server.base, token, BIG_ID, pid, file);
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = rssMb(pid);
    rows.push(
      {
        name: `seed ${RECIPIENTS} recipients (${kind})`,
        value: seedSeconds,
        unit: 's',
        budget: 120,
        info: true,
      },
      { name: 'server RSS before the export', value: rssStart, unit: 'MB', budget: 1000, info: true },
      { name: 'export: first byte', value: big.firstByteMs, unit: 'ms', budget: 1000, info: true },
      {
        name: `export ${RECIPIENTS} rows (${(big.bytes / 2 ** 20).toFixed(1)} MB)`,
        value: big.ms,
        unit: 'ms',
        budget: TIME_BUDGET_MS,
      },
      {
        name: 'export rows per second',
        value: RECIPIENTS / (big.ms / 1000),
        unit: 'rows/s',
        budget: RECIPIENTS / 20,
        atLeast: true,
        info: true,
      },
      {
        name: 'server RSS growth while exporting (peak)',
        value: big.rssPeak - rssStart,
        unit: 'MB',
        budget: RSS_BUDGET_MB,
      },
      { name: 'server RSS 1 s after it', value: rssAfter, unit: 'MB', budget: 1000, info: true },
    );
    if (file) {
      const counted = await countRows(file);
      fs.rmSync(file, { force: true });
      rows.push({
        name: 'rows in the downloaded file',
        value: counted,
        unit: 'rows',
        budget: RECIPIENTS,
        atLeast: true,
      });
      if (counted !== RECIPIENTS) failed++;
    }
  } finally {
    await server.stop();
    if (!KEEP) await db.drop();
  }
  failed += printTable(`Report export on ${kind}`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
