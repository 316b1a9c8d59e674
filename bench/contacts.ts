/**
 * Contacts benchmarks (issue 6), against the built server on PGlite (default) or PostgreSQL:
 *   npx tsx contacts.ts [--db=pglite|postgres] [--rows=100000]
 * Through the real HTTP API:
 *   - import of a generated .xlsx of N rows and 5 columns (name, phone, 3 custom): upload + preview,
 *     then the job until 'done' (polled with GET), and the server's resident memory growth over both
 *     (VmRSS of /proc/<pid>/status, sampled every 200 ms, peak minus the value before)
 *   - export of that group (POST /group/{id}/export), read to the end
 *   - contact search in it (GET /group/{id}/contact?search=), sequential timed requests per term
 * Bounded: one import, one export, at most 200 searches per term; 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { percentile, printTable, registerOwner, startServer, type Row } from './lib/server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'pglite') as 'postgres' | 'pglite';
const ROWS = Number(arg('rows', '100000'));
const port = 3293;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'sapa_bench_contacts';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const JOB_TIMEOUT_MS = 5 * 60_000;
/** --keep: leave the PostgreSQL database for inspection (EXPLAIN of the searches). */
const KEEP = process.argv.includes('--keep');

const FIRST = ['Budi', 'Siti', 'Andi', 'Dewi', 'Rina', 'Agus', 'Putri', 'Eko', 'Sri', 'Joko', 'Ayu', 'Bayu'];
const MORE_FIRST = ['Citra', 'Dimas', 'Fitri', 'Gilang', 'Hendra', 'Indah', 'Kartika', 'Lestari', 'Made'];
const LAST = ['Santoso', 'Rahmawati', 'Wijaya', 'Siregar', 'Nasution', 'Hakim', 'Saputra', 'Lubis'];
const MORE_LAST = ['Pratama', 'Kusuma', 'Hidayat', 'Setiawan', 'Gunawan', 'Harahap', 'Wibowo', 'Utami'];
const FIRSTS = [...FIRST, ...MORE_FIRST];
const LASTS = [...LAST, ...MORE_LAST];
const CITIES = ['Jakarta', 'Bandung', 'Surabaya', 'Medan', 'Semarang', 'Makassar', 'Palembang', 'Depok'];
const PRODUCTS = ['kemeja batik', 'sepatu kulit', 'tas rajut', 'kerudung satin', 'jaket denim', 'kaos polos'];
/** One name that appears once: the "rare exact name" search. */
const RARE_NAME = 'Theodora Kusumawardhani';
const RARE_AT = Math.floor(ROWS * 0.73);

function phoneOf(i: number): number {
  return 6281200000000 + i * 7;
}

/** The workbook as Excel writes it: shared strings, phone numbers as numbers. */
async function writeWorkbook(file: string): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = writer.addWorksheet('Kontak');
  sheet.addRow(['Nama', 'Nomor Telepon', 'Kota', 'Produk', 'Catatan']).commit();
  for (let i = 0; i < ROWS; i++) {
    const name =
      i === RARE_AT
        ? RARE_NAME
        : `${FIRSTS[i % FIRSTS.length]} ${LASTS[Math.floor(i / FIRSTS.length) % LASTS.length]} ${i % 997}`;
    sheet
      .addRow([
        name,
        phoneOf(i),
        CITIES[i % CITIES.length],
        PRODUCTS[(i >> 3) % PRODUCTS.length],
        `pelanggan sejak ${2015 + (i % 10)}, pesanan ke-${i % 50}`,
      ])
      .commit();
  }
  sheet.commit();
  await writer.commit();
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (kind === 'pglite') return { DATABASE_URL: '' };
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${DB_NAME}`;
  return { DATABASE_URL: url.toString() };
}

async function dropDatabase(): Promise<void> {
  if (kind !== 'postgres' || KEEP) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

interface ImportView {
  _id: string;
  state: string;
  totalRows: number;
  processedRows: number;
  added: number;
  updated: number;
  duplicates: number;
  refused: number;
  headers: string[];
  group: { _id: string; name: string } | null;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-contacts-'));
  const workbook = path.join(work, 'kontak.xlsx');
  let t0 = performance.now();
  await writeWorkbook(workbook);
  const bytes = fs.readFileSync(workbook);
  console.log(
    `generated ${ROWS} rows x 5 columns: ${(bytes.length / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const env = {
    SAPA_DATA_DIR: path.join(work, 'data'),
    ...(await databaseEnv()),
    REDIS_URL: '',
    SAPA_DEMO: '0',
    SAPA_REGISTER_PER_HOUR: '100000',
  };
  const server = await startServer(env, port);
  const rows: Row[] = [];
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error('server has no pid');
    const base = server.base;
    const { token } = await registerOwner(base, {
      name: 'Bench Kontak',
      email: 'bench-kontak@contoh.test',
      phone: '6281200007777',
      password: 'rahasia123',
    });

    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const upload = async (file: Buffer, name: string): Promise<ImportView> => {
      const form = new FormData();
      form.append('file', new Blob([file], { type: XLSX_TYPE }), name);
      const res = await fetch(`${base}/api/group/excel/contact`, {
        method: 'POST',
        headers: { token },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return (await res.json()) as ImportView;
    };
    const startImport = (id: string, groupName: string) =>
      api<ImportView>('POST', `/api/group/excel/contact/${id}/start`, {
        groupName,
        mapping: [
          { target: 'name' },
          { target: 'phoneNumber' },
          { target: 'column', column: 'Kota' },
          { target: 'column', column: 'Produk' },
          { target: 'column', column: 'Catatan' },
        ],
      });
    const until = async (id: string): Promise<ImportView> => {
      const deadline = Date.now() + JOB_TIMEOUT_MS;
      for (;;) {
        const view = await api<ImportView>('GET', `/api/group/excel/contact/${id}`);
        if (!['queued', 'running'].includes(view.state)) return view;
        if (Date.now() > deadline) throw new Error(`import still ${view.state} after ${JOB_TIMEOUT_MS} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    // a small import first, so that lazily loaded code (exceljs) is not counted as import memory
    const small = new ExcelJS.Workbook();
    const smallSheet = small.addWorksheet('Kontak');
    smallSheet.addRow(['Nama', 'Nomor Telepon', 'Kota', 'Produk', 'Catatan']);
    smallSheet.addRow(['Pemanasan', 6289900000001, 'Solo', 'batik', '-']);
    const warm = await upload(Buffer.from(await small.xlsx.writeBuffer()), 'pemanasan.xlsx');
    await startImport(warm._id, 'Pemanasan');
    await until(warm._id);
    await new Promise((r) => setTimeout(r, 500));

    // (a) import
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssBytes(pid));
      } catch {
        // the server went away: the calls below fail and say so
      }
    }, 200);
    t0 = performance.now();
    const created = await upload(bytes, 'kontak 100rb.xlsx');
    const uploadMs = performance.now() - t0;
    const uploadPeak = peak;
    if (created.totalRows !== ROWS) throw new Error(`preview counted ${created.totalRows} rows, not ${ROWS}`);
    const t1 = performance.now();
    const started = await startImport(created._id, 'Bench 100rb');
    const done = await until(created._id);
    const jobMs = performance.now() - t1;
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    if (done.state !== 'done' || done.added !== ROWS || done.refused !== 0) {
      throw new Error(`import ended ${done.state}: ${JSON.stringify(done)}`);
    }
    const groupId = started.group!._id;
    console.log(
      `import: upload+preview ${(uploadMs / 1000).toFixed(1)} s, job ${(jobMs / 1000).toFixed(1)} s, ` +
        `VmRSS ${(before / 1e6).toFixed(0)} MB before, ${(uploadPeak / 1e6).toFixed(0)} MB at the upload's peak, ` +
        `${(peak / 1e6).toFixed(0)} MB at peak`,
    );
    rows.push(
      { name: `import ${ROWS} rows: upload + preview`, value: uploadMs / 1000, unit: 's', budget: 20 },
      { name: `import ${ROWS} rows: job until done`, value: jobMs / 1000, unit: 's', budget: 50 },
      { name: `import ${ROWS} rows: total`, value: (uploadMs + jobMs) / 1000, unit: 's', budget: 60 },
      { name: `import ${ROWS} rows: RSS growth`, value: (peak - before) / 1e6, unit: 'MB', budget: 300 },
    );

    // (b) export
    t0 = performance.now();
    const exported = await fetch(`${base}/api/group/${groupId}/export`, {
      method: 'POST',
      headers: { token },
    });
    if (exported.status === 404 && !(exported.headers.get('content-type') ?? '').includes('sheet')) {
      console.log(`export: POST /api/group/{id}/export answered 404 (${await exported.text()}): skipped`);
    } else {
      if (!exported.ok) throw new Error(`export: ${exported.status} ${await exported.text()}`);
      const file = Buffer.from(await exported.arrayBuffer());
      const exportMs = performance.now() - t0;
      // the file is complete: every contact in it
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {});
      let count = -1;
      for await (const sheet of reader) {
        for await (const _row of sheet) count++;
        break;
      }
      if (count !== ROWS) throw new Error(`export has ${count} contacts, not ${ROWS}`);
      console.log(`export: ${(file.length / 1e6).toFixed(1)} MB, ${count} contacts`);
      rows.push({
        name: `export ${count} contacts (POST export)`,
        value: exportMs / 1000,
        unit: 's',
        budget: 30,
      });
    }

    // (c) search: sequential requests, as one user typing. GET /group/{id} first: the group with its
    // contact count, which every contact list call reads too (the floor under the searches).
    const timed = async (url: string, check: (body: unknown) => boolean) => {
      const once = async () => {
        const s = performance.now();
        const res = await fetch(url, { headers: { token } });
        if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        if (!check(await res.json())) throw new Error(`${url}: unexpected answer`);
        return performance.now() - s;
      };
      for (let i = 0; i < 5; i++) await once(); // warm up
      const times: number[] = [];
      const end = Date.now() + 15_000;
      while (times.length < 200 && Date.now() < end) times.push(await once());
      return times.sort((a, b) => a - b);
    };
    const groupTimes = await timed(
      `${base}/api/group/${groupId}`,
      (g) => (g as { total: number }).total === ROWS,
    );
    rows.push({
      name: `GET /group/{id} (with its count) p95`,
      value: percentile(groupTimes, 95),
      unit: 'ms',
      budget: 50,
    });
    const terms: [string, string][] = [
      ['name fragment', 'santoso'],
      ['rare exact name', RARE_NAME],
      ['phone fragment', String(phoneOf(4242)).slice(5)],
      ['2-letter term', 'ri'],
    ];
    const all: number[] = [];
    for (const [label, term] of terms) {
      const url = `${base}/api/group/${groupId}/contact?search=${encodeURIComponent(term)}`;
      const times = await timed(url, (page) => (page as { docs: unknown[] }).docs.length > 0);
      console.log(`search "${term}": p50 ${percentile(times, 50).toFixed(1)} ms`);
      all.push(...times);
      rows.push({
        name: `search "${term.length > 14 ? `${term.slice(0, 12)}..` : term}" (${label}) p95`,
        value: percentile(times, 95),
        unit: 'ms',
        budget: 50,
      });
    }
    all.sort((a, b) => a - b);
    rows.push({
      name: `search, all terms p95 (${all.length} req)`,
      value: percentile(all, 95),
      unit: 'ms',
      budget: 50,
    });
  } finally {
    await server.stop();
    await dropDatabase();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const failed = printTable(`Contacts on ${kind} (${ROWS} rows)`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
