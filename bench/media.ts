/**
 * Media upload memory (issue 4), against the built server:
 *   npx tsx media.ts [--db=postgres|pglite] [--files=10]
 * Ten 9 MiB files uploaded at once through POST /api/chat/media, in two rounds on a fresh server each:
 * documents (random bytes: the streaming path alone) and PNG images (plus the sharp thumbnail). The
 * server's resident memory (VmRSS in /proc/<pid>/status) is read before and every 5 ms during the
 * round; the growth is the peak minus the value before, against a budget of 100 MB. PostgreSQL by default
 * (BENCH_DATABASE_URL): with PGlite the server boots to ~570 MB and the uploads reuse that freed heap.
 * Bounded: 20 uploads in all, on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { printTable, registerOwner, startServer, type Row } from './lib/server';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const kind = arg('db', 'postgres') as 'postgres' | 'pglite';
const port = 3292;
const FILES = Number(arg('files', '10'));
const MiB = 1024 * 1024;
const FILE_BYTES = 9 * MiB;
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function databaseEnv(): Promise<Record<string, string>> {
  if (kind === 'pglite') return { DATABASE_URL: '' };
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query('drop database if exists sapa_bench_media with (force)');
  await admin.query('create database sapa_bench_media');
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = '/sapa_bench_media';
  return { DATABASE_URL: url.toString() };
}

/** A PNG of noise of about `bytes` bytes, stored uncompressed so its size is what the test says. */
function noisePng(bytes: number): Buffer {
  const side = Math.floor(Math.sqrt(bytes / 3));
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: constants.Z_NO_COMPRESSION })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

interface Round {
  name: string;
  file: Buffer;
  filename: string;
  type: string;
}

async function measure(round: Round): Promise<{ before: number; peak: number; ms: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-bench-media-'));
  const env = {
    SAPA_DATA_DIR: dataDir,
    ...(await databaseEnv()),
    REDIS_URL: '',
    SAPA_DEMO: '0',
    SAPA_REGISTER_PER_HOUR: '100000',
  };
  const server = await startServer(env, port);
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error('server has no pid');
    const { token } = await registerOwner(server.base, {
      name: 'Bench Media',
      email: 'bench-media@contoh.test',
      phone: '6281200008888',
      password: 'rahasia123',
    });
    const upload = async (file: Buffer, filename: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([file], { type }), filename);
      const res = await fetch(`${server.base}/api/chat/media`, {
        method: 'POST',
        headers: { token },
        body: form,
      });
      if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return res.json();
    };
    // one small upload first, so that lazily loaded code is not counted as upload memory
    await upload(Buffer.from('pemanasan'), 'pemanasan.txt', 'text/plain');
    await new Promise((r) => setTimeout(r, 500));

    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(pid));
    }, 5);
    const t0 = performance.now();
    const stored = (await Promise.all(
      Array.from({ length: FILES }, (_, i) => upload(round.file, `${i}-${round.filename}`, round.type)),
    )) as { mimetype: string; size: number; thumbnail: string | null }[];
    // the work measured is the real one: every file stored whole, images with their thumbnail
    for (const media of stored) {
      if (media.size !== round.file.length || media.mimetype !== round.type)
        throw new Error('upload not stored');
      if (round.type.startsWith('image/') && !media.thumbnail) throw new Error('image without thumbnail');
    }
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    return { before, peak, ms };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query('drop database if exists sapa_bench_media with (force)');
      await admin.end();
    }
  }
}

async function main() {
  const rounds: Round[] = [
    {
      name: 'documents',
      file: randomBytes(FILE_BYTES),
      filename: 'arsip.bin',
      type: 'application/octet-stream',
    },
    { name: 'PNG images', file: noisePng(FILE_BYTES), filename: 'foto.png', type: 'image/png' },
  ];
  const rows: Row[] = [];
  for (const round of rounds) {
    const { before, peak, ms } = await measure(round);
    const mb = (n: number) => n / 1e6;
    console.log(
      `${round.name}: ${FILES} x ${(round.file.length / MiB).toFixed(1)} MiB in ${(ms / 1000).toFixed(1)} s, ` +
        `VmRSS ${mb(before).toFixed(1)} MB before, ${mb(peak).toFixed(1)} MB at peak`,
    );
    rows.push({
      name: `RSS growth, ${FILES} x 9 MiB ${round.name} at once`,
      value: mb(peak - before),
      unit: 'MB',
      budget: 100,
    });
  }
  const failed = printTable(`Media uploads on ${kind}`, rows);
  process.exit(failed ? 1 : 0);
}

await main();
