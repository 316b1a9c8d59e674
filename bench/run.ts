/**
 * Benchmarks with budgets, printed as a table. Needs a build (`npm run build`). Bounded: a few server
 * starts and one browser page load, all on 127.0.0.1.
 *   - cold boot: process start -> /api/ready on a fresh data folder (migrations + demo seed)
 *   - warm boot: the same on the now-existing data folder
 *   - login route JS: gzip bytes of every script Chromium loads for /login
 *   - login call: median time of POST /api/auth/login (argon2id verify dominates)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = 3290;
const base = `http://127.0.0.1:${port}`;

interface Row {
  name: string;
  value: number;
  unit: string;
  budget: number;
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SAPA_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SAPA_DEMO: '1',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill();
  throw new Error('server did not become ready within 60 s');
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function loginRouteJs(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  let total = 0;
  for (const p of scripts) {
    total += gzipSync(fs.readFileSync(path.join(root, 'apps/web/dist', p)), { level: 9 }).length;
  }
  return total;
}

async function loginCall(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'pemilik@demo.test', password: 'demo12345' }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-'));
  const rows: Row[] = [];
  try {
    const cold = await startServer(dataDir);
    rows.push({ name: 'cold boot to ready (fresh data)', value: cold.ms, unit: 'ms', budget: 5000 });
    await stop(cold.child);
    const warm = await startServer(dataDir);
    rows.push({ name: 'warm boot to ready', value: warm.ms, unit: 'ms', budget: 3000 });
    rows.push({
      name: 'login route JS (gzip)',
      value: (await loginRouteJs()) / 1000,
      unit: 'KB',
      budget: 120,
    });
    rows.push({ name: 'POST /api/auth/login median', value: await loginCall(), unit: 'ms', budget: 250 });
    await stop(warm.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`${pad('benchmark', 34)} ${pad('value', 12)} ${pad('budget', 12)} result`);
  let failed = 0;
  for (const r of rows) {
    const ok = r.value <= r.budget;
    if (!ok) failed++;
    console.log(
      `${pad(r.name, 34)} ${pad(`${r.value.toFixed(1)} ${r.unit}`, 12)} ${pad(`${r.budget} ${r.unit}`, 12)} ${ok ? 'ok' : 'OVER'}`,
    );
  }
  process.exit(failed ? 1 : 0);
}

await main();
