import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** The operator who reads the dev mailbox (kept on PostgreSQL too) for `registerOwner`. */
const OPERATOR = { username: 'bench-operator', password: 'bench-rahasia-1' };
const MAILBOX_ENV = {
  SMTP_URL: '',
  SAPA_DEV_MAILBOX: '1',
  SAPA_ADMIN_USERNAME: OPERATOR.username,
  SAPA_ADMIN_PASSWORD: OPERATOR.password,
};

/** One JSON call to the server with the `token` header; a status of 300 or more throws with its body. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The 6-digit code last mailed to `email`, read from the dev mailbox as the operator. */
export async function mailedCode(base: string, email: string): Promise<string> {
  const operator = await api<{ token: string }>(base, 'POST', '/api/auth/admin/login', '', OPERATOR);
  const mailbox = await api<{ docs: { to: string; text: string }[] }>(
    base,
    'GET',
    '/api/admin/mailbox',
    operator.token,
  );
  const code = mailbox.docs.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * Registers an owner the way a visitor does: the request, then the code mailed to the email (read
 * from the dev mailbox as the operator) sent back; returns the signed-in owner.
 */
export async function registerOwner(
  base: string,
  body: { name: string; email: string; phone: string; password: string },
): Promise<{ token: string; user: { _id: string } }> {
  await api(base, 'POST', '/api/auth/register', '', body);
  const code = await mailedCode(base, body.email);
  const owner = await api<{ token: string; user: { _id: string } }>(
    base,
    'POST',
    '/api/auth/register/verify',
    '',
    { email: body.email, code },
  );
  // the free trial: without a subscription nothing is sent (issue 22)
  await api(base, 'POST', '/api/user/trial-activate', owner.token, {});
  return owner;
}

/** Starts the built server (apps/server/dist) and waits for /api/ready. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<{ child: ChildProcess; base: string; ms: number; stop(): Promise<void> }> {
  const started = performance.now();
  // BENCH_NODE_ARGS reaches the server's node (to profile it: --cpu-prof --cpu-prof-dir=/tmp/prof)
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_MAIN: another build of the server than apps/server/dist (a build beside the shared one)
  const main = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...MAILBOX_ENV, ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // a benchmark that fails part-way must not leave its server running
  process.once('exit', () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) {
        return {
          child,
          base,
          ms: performance.now() - started,
          stop: async () => {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await exited;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

/** Percentile of sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `concurrency` loops calling `fn` until `durationMs` passes (bounded); returns sorted latencies. */
export async function load(
  fn: () => Promise<void>,
  concurrency: number,
  durationMs: number,
): Promise<number[]> {
  const end = Date.now() + durationMs;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await fn();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

export interface Row {
  name: string;
  value: number;
  unit: string;
  budget: number;
  /** true when bigger is better (throughput) */
  atLeast?: boolean;
  /** reported beside the budgets, never failing the run (a comparison, a figure to decide by) */
  info?: boolean;
}

export function printTable(title: string, rows: Row[]): number {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`\n${title}`);
  console.log(`${pad('benchmark', 46)} ${pad('value', 14)} ${pad('budget', 14)} result`);
  let failed = 0;
  for (const r of rows) {
    const ok = r.atLeast ? r.value >= r.budget : r.value <= r.budget;
    if (!ok && !r.info) failed++;
    const result = r.info ? (ok ? 'info' : 'info (over)') : ok ? 'ok' : 'OVER';
    console.log(
      `${pad(r.name, 46)} ${pad(`${r.value.toFixed(Math.abs(r.value) < 10 ? 2 : 1)} ${r.unit}`, 14)} ${pad(`${r.atLeast ? '>=' : '<='} ${r.budget} ${r.unit}`, 14)} ${result}`,
    );
  }
  return failed;
}
