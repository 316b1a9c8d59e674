import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type * as Client from '../../apps/server/src/db/client';

/**
 * The database client of the server under test: with BENCH_SERVER_MAIN (another build, beside this
 * checkout), that checkout's, so the database gets that build's migrations and not this one's - an
 * A/B of a migration otherwise measures the new schema twice.
 */
const { openDatabase } = (await import(
  process.env.BENCH_SERVER_MAIN
    ? path.resolve(path.dirname(process.env.BENCH_SERVER_MAIN), '../src/db/client.ts')
    : '../../apps/server/src/db/client'
)) as typeof Client;

/** One SQL statement of a seed, run on the seed's one connection. */
export type Exec = (q: string) => Promise<void>;

/** A benchmark's database: the server's environment for it, its seeding, and its removal. */
export interface SeedDatabase {
  env: Record<string, string>;
  /** runs `run` on one connection, migrations applied; with `fast`, triggers and foreign keys are off */
  seed: (run: (exec: Exec) => Promise<void>) => Promise<void>;
  /** removes the database (after the run) */
  drop: () => Promise<void>;
}

/**
 * A fresh database for a benchmark, migrated: PostgreSQL (`name` created anew on `baseUrl`'s server)
 * or PGlite in a temporary folder. `fast` seeds with triggers and foreign-key checks off
 * (session_replication_role = replica) and PostgreSQL's commits unsynchronised: a seed of millions
 * of rows in minutes instead of hours; the benchmark itself then runs on the ordinary server.
 */
export async function freshSeedDatabase(options: {
  kind: 'postgres' | 'pglite';
  baseUrl: string;
  name: string;
  fast: boolean;
}): Promise<SeedDatabase> {
  const { kind, baseUrl, name, fast } = options;
  if (kind === 'postgres') {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const dropIt = async () => {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    await dropIt();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    await (await openDatabase({ url: url.toString() })).close(); // the migrations
    return {
      env: { DATABASE_URL: url.toString() },
      drop: dropIt,
      seed: async (run) => {
        const client = new pg.Client({
          connectionString: url.toString(),
          options: fast
            ? '-c session_replication_role=replica -c synchronous_commit=off -c maintenance_work_mem=256MB'
            : '-c synchronous_commit=off',
        });
        await client.connect();
        try {
          await run(async (q) => void (await client.query(q)));
        } finally {
          await client.end();
        }
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sapa-bench-${name.replace(/_/g, '-')}-`));
  return {
    env: { DATABASE_URL: '', SAPA_DATA_DIR: dir },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    seed: async (run) => {
      const database = await openDatabase({ dataDir: dir });
      try {
        if (fast) await database.db.execute(sql.raw('set session_replication_role = replica'));
        await run(async (q) => void (await database.db.execute(sql.raw(q))));
      } finally {
        await database.close();
      }
    },
  };
}
