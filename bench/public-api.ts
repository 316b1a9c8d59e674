/**
 * The public API's send (issue 26: 'POST /api/v1/messages (text, sandbox number, pacing off) sustains
 * >= 1,000 requests/s on PostgreSQL with p95 <= 50 ms at 50 clients'), against the built server:
 *   npx tsx public-api.ts [--db=postgres|pglite] [--seconds=12] [--connections=50] [--redis]
 * One owner (on the free trial) with their sandbox number and its API token (PUT
 * /api/account/whatsapp/{id}/reset-token); the sandbox number is never paced (pacing is a WhatsApp Web
 * number's), and broadcast pacing is off besides. wrk (lib/wrk-public-api.lua) then posts texts with
 * the token as the bearer from `connections` connections to 5,000 customers in turn, first without an
 * Idempotency-Key, then with a new key on every request: requests/s, p50/p95/p99, the errors, the
 * server's CPU per request and how busy the machine was, each after a 3 s warm-up (then, on
 * PostgreSQL, `analyze`: the statistics a running database has). The server runs its jobs as it
 * would in production (the sandbox 'sends' each message); on PostgreSQL the messages stored and the
 * time the send jobs took to catch up after the load are reported too. The per-number budget (SAPA_API_RATE_PER_MINUTE) is raised out of the
 * way; `--redis` counts it in Redis (REDIS_URL, default redis://127.0.0.1:6379) as a deployment of
 * several processes would. PostgreSQL comes from BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a `sapa_bench_public_api` database is recreated).
 * Bounded: about 2 x (3 + seconds) s of load, at most 60 s waiting for the jobs, 127.0.0.1 only.
 * BENCH_KEEP_DB=1 leaves the database behind, to look into afterwards (its plans, its tables' sizes).
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { freshSeedDatabase } from './lib/seed-db';
import { api, printTable, registerOwner, startServer, type Row } from './lib/server';
import { wrk } from './lib/wrk';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const SECONDS = Number(arg('seconds', '12'));
const CONNECTIONS = Number(arg('connections', '50'));
const redis = process.argv.includes('--redis');
const port = 3298;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * CPU seconds a process has used (user + system, Linux /proc): the server's own cost per request,
 * which other work on the machine does not change the way it changes throughput and latency.
 */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, the 14th and 15th fields of the line (counted from its pid), in ticks of 1/100 s
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's busy CPU seconds so far (all cores, every process: /proc/stat). */
function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

/**
 * CPU seconds PostgreSQL's backends serving the server have used (their processes, on this machine):
 * the database's cost per request, which like the server's holds when other work shifts the rest.
 */
async function databaseCpuSeconds(client: pg.Client | null): Promise<number> {
  if (!client) return 0;
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
  );
  return rows.reduce((sum, { pid }) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum; // a backend gone meanwhile
    }
  }, 0);
}

const db = await freshSeedDatabase({ kind, baseUrl, name: 'sapa_bench_public_api', fast: false });
const server = await startServer(
  {
    ...db.env,
    REDIS_URL: redis ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : '',
    SAPA_DEMO: '0',
    SAPA_BROADCAST_PACING: '0',
    // the budget per number out of the way: the send itself is measured, not its refusal
    SAPA_API_RATE_PER_MINUTE: '100000000',
  },
  port,
);
const { base } = server;

try {
  const owner = await registerOwner(base, {
    name: 'Toko Bench API',
    email: 'bench-api@contoh.test',
    phone: '6281299001122',
    password: 'rahasia-bench-1',
  });
  const numbers = await api<{ docs: { _id: string; isSandbox?: boolean; pacing?: unknown }[] }>(
    base,
    'GET',
    '/api/account',
    owner.token,
  );
  const sandbox = numbers.docs.find((n) => n.isSandbox);
  if (!sandbox) throw new Error('the owner has no sandbox number');
  if (sandbox.pacing) throw new Error(`the sandbox number is paced: ${JSON.stringify(sandbox.pacing)}`);
  const { token } = await api<{ token: string }>(
    base,
    'PUT',
    `/api/account/whatsapp/${sandbox._id}/reset-token`,
    owner.token,
    {},
  );

  // the documented call, once: 201 and the stored message
  const first = await fetch(`${base}/api/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ to: '6285800000001', text: 'Halo dari bench' }),
  });
  if (first.status !== 201) throw new Error(`POST /api/v1/messages: ${first.status} ${await first.text()}`);

  let offset = 0;
  const send = (seconds: number, idempotency: boolean) =>
    wrk(`${base}/api/v1/messages`, '', seconds, 'wrk-public-api.lua', {
      connections: CONNECTIONS,
      countErrors: true,
      env: {
        SAPA_TOKEN: token,
        SAPA_OFFSET: String((offset += 10_000_000)),
        SAPA_IDEMPOTENCY: idempotency ? '1' : '',
      },
    });

  const rows: Row[] = [];
  const loadStarted = Date.now();
  const watcher = kind === 'postgres' ? new pg.Client({ connectionString: db.env.DATABASE_URL }) : null;
  await watcher?.connect();
  for (const idempotency of [false, true]) {
    await send(3, idempotency); // warm-up: the JIT, the statements, the pools, the first chats
    // the planner's statistics, as a long-running database has them (a fresh one has none: its
    // plans for the new chats and messages were guesses); PGlite's folder is the server's alone
    if (!idempotency && kind === 'postgres') await db.seed(async (exec) => exec('analyze'));
    const cpuBefore = cpuSeconds(server.child.pid!);
    const databaseBefore = await databaseCpuSeconds(watcher);
    const busyBefore = machineBusySeconds();
    const report = await send(SECONDS, idempotency);
    const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
    const databaseCpu = (await databaseCpuSeconds(watcher)) - databaseBefore;
    const busy = machineBusySeconds() - busyBefore;
    const label = idempotency ? ' with Idempotency-Key' : '';
    const perSecond = report.requests / report.seconds;
    rows.push(
      {
        name: `POST /api/v1/messages${label} /s`,
        value: perSecond,
        unit: 'req/s',
        budget: 1000,
        atLeast: true,
      },
      { name: `  p50 at ${CONNECTIONS} clients`, value: report.p50, unit: 'ms', budget: 50, info: true },
      { name: `  p95 at ${CONNECTIONS} clients`, value: report.p95, unit: 'ms', budget: 50 },
      { name: `  p99 at ${CONNECTIONS} clients`, value: report.p99, unit: 'ms', budget: 50, info: true },
      {
        name: `  errors (of ${report.requests})`,
        value: report.non2xx + report.socketErrors,
        unit: '',
        budget: 0,
      },
      {
        // the server's process alone, its jobs included (the sandbox sending what was stored)
        name: '  server CPU per request',
        value: (1000 * cpu) / Math.max(1, report.requests),
        unit: 'ms',
        budget: 1,
        info: true,
      },
      ...(watcher
        ? [
            {
              // the backends serving the server alone (not the WAL writer, checkpoints or autovacuum)
              name: '  PostgreSQL CPU per request',
              value: (1000 * databaseCpu) / Math.max(1, report.requests),
              unit: 'ms',
              budget: 1,
              info: true,
            },
          ]
        : []),
      {
        // how much of the machine the run had: server, PostgreSQL, wrk, and anything else running
        name: `  machine busy (of ${os.cpus().length} cores)`,
        value: busy / report.seconds,
        unit: 'cores',
        budget: os.cpus().length,
        info: true,
      },
    );
  }

  if (kind === 'postgres') {
    // what the load left: the messages stored, and how long the send jobs took to catch up
    const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await client.connect();
    try {
      const counts = async () =>
        (
          await client.query<{ stored: number; pending: number }>(
            `select count(*)::int as stored, (count(*) filter (where status = 'pending'))::int as pending
             from messages where account_id = $1 and is_from_me`,
            [sandbox._id],
          )
        ).rows[0]!;
      const atEnd = await counts();
      const waitStarted = Date.now();
      let left = atEnd.pending;
      while (left > 0 && Date.now() - waitStarted < 60_000) {
        await new Promise((r) => setTimeout(r, 250));
        left = (await counts()).pending;
      }
      const loadSeconds = (waitStarted - loadStarted) / 1000;
      rows.push(
        { name: 'messages stored', value: atEnd.stored, unit: '', budget: 0, atLeast: true, info: true },
        {
          name: 'messages still pending when the load ended',
          value: atEnd.pending,
          unit: '',
          budget: 0,
          info: true,
        },
        {
          name: `send jobs caught up after the load (of ${loadSeconds.toFixed(0)} s)`,
          value: left > 0 ? Infinity : (Date.now() - waitStarted) / 1000,
          unit: 's',
          budget: 60,
          info: true,
        },
      );
    } finally {
      await client.end();
    }
  }

  await watcher?.end();
  const failed = printTable(
    `Public API sends on ${kind}${redis ? ' (rate limit in Redis)' : ''}, ${CONNECTIONS} clients, ${SECONDS} s each`,
    rows,
  );
  console.log(
    'server, database and wrk share the machine: the figures are for all three on its cores together',
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await server.stop();
  if (!process.env.BENCH_KEEP_DB) await db.drop();
}
