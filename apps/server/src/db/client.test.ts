import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PreparingClient } from './client';

/** A new PGlite data folder starts from the build's template instead of initdb, and stays a normal one. */
describe('PGlite data folder from a template', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-template-'));
    const pg = new PGlite({ extensions: { pg_trgm } });
    await pg.waitReady;
    // a mark only this template carries: a folder made by initdb instead would not have it
    await pg.exec(`create table template_mark (source text); insert into template_mark values ('template')`);
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    template = path.join(root, 'template.tar.gz');
    fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The rows of a query, as drizzle's execute answers them. */
  const rowsOf = async <T>(
    database: Awaited<ReturnType<typeof openDatabase>>,
    query: ReturnType<typeof sql>,
  ) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('unpacks the template, migrates, and keeps its data across restarts', async () => {
    const dataDir = path.join(root, 'data');
    const first = await openDatabase({ dataDir, pgliteTemplate: template });
    expect(await rowsOf(first, sql`select source from template_mark`)).toEqual([{ source: 'template' }]);
    await first.db.execute(sql`insert into meta (key, value) values ('template-test', 'ya')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir, pgliteTemplate: template });
    expect(await rowsOf(again, sql`select value from meta where key = 'template-test'`)).toEqual([
      { value: 'ya' },
    ]);
    await again.close();
  });

  it('falls back to initdb when the template is not a data folder, and that folder keeps its data', async () => {
    const broken = path.join(root, 'broken.tar.gz');
    fs.writeFileSync(broken, 'bukan arsip');
    const dataDir = path.join(root, 'data-broken');
    const first = await openDatabase({ dataDir, pgliteTemplate: broken });
    await expect(first.ping()).resolves.toBeUndefined();
    expect(await rowsOf(first, sql`select to_regclass('template_mark')::text as mark`)).toEqual([
      { mark: null },
    ]);
    expect(await rowsOf(first, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    await first.db.execute(sql`insert into meta (key, value) values ('initdb-test', 'ya')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir, pgliteTemplate: broken });
    expect(await rowsOf(again, sql`select value from meta where key = 'initdb-test'`)).toEqual([
      { value: 'ya' },
    ]);
    await again.close();
  });
});

/** On PostgreSQL, a statement with parameters is parsed once per connection and then reused by name. */
describe.runIf(process.env.DATABASE_URL)('PostgreSQL prepared statements', () => {
  it('runs a repeated statement as one named prepared statement, with each call its own values', async () => {
    const { testDatabase } = await import('../../test/helpers');
    const database = await testDatabase();
    const ask = async (n: number) =>
      (
        (await database.db.execute(
          sql`select ${n}::int * 2 as twice, 'prepared-probe' as tag`,
        )) as unknown as {
          rows: { twice: number }[];
        }
      ).rows[0]?.twice;
    expect(await ask(2)).toBe(4);
    expect(await ask(21)).toBe(42);
    // one idle connection answers sequential calls, so the probe sees its own prepared statements
    const prepared = (await database.db.execute(
      sql`select statement from pg_prepared_statements where statement like ${'%prepared-probe%'} and statement not like ${'%pg_prepared_statements%'}`,
    )) as unknown as { rows: { statement: string }[] };
    expect(prepared.rows).toHaveLength(1);
    // a search is planned for each pattern, never from a cached plan: it stays unnamed
    await database.db.execute(sql`select 'pattern-probe' as tag where 'budi' ilike ${'%ud%'}`);
    const search = (await database.db.execute(
      sql`select statement from pg_prepared_statements where statement like ${'%pattern-probe%'} and statement not like ${'%pg_prepared_statements%'}`,
    )) as unknown as { rows: { statement: string }[] };
    expect(search.rows).toEqual([]);
    await database.close();
  });
});

/** Each connection keeps at most maxPrepared named statements: the least recently used is deallocated. */
describe.runIf(process.env.DATABASE_URL)('PostgreSQL prepared statements per connection', () => {
  let client: PreparingClient;
  beforeAll(async () => {
    client = new PreparingClient({ connectionString: process.env.DATABASE_URL, maxPrepared: 3 });
    await client.connect();
  });
  afterAll(() => client.end());
  /** its query() typed as pg's (the override is typed loosely) */
  const asPg = () => client as unknown as pg.Client;

  // as drizzle sends them: a query config with its values
  const add = async (n: number, value: number) =>
    (await asPg().query<{ v: number }>({ text: `select $1::int + ${n} as v`, values: [value] })).rows[0]?.v;
  /** what this connection has prepared, as the n of each `select $1::int + n` */
  const prepared = async () =>
    (await asPg().query<{ statement: string }>('select statement from pg_prepared_statements')).rows
      .map((r) => Number(/\+ (\d+) as v/.exec(r.statement)?.[1]))
      .filter((n) => !Number.isNaN(n))
      .sort((a, b) => a - b);

  it('deallocates the least recently used statement to make room, and prepares it again when it returns', async () => {
    for (const n of [1, 2, 3]) expect(await add(n, 10)).toBe(10 + n);
    expect(await prepared()).toEqual([1, 2, 3]);
    expect(await add(1, 20)).toBe(21); // 1 is now the most recently used
    expect(await add(4, 10)).toBe(14); // pushes 2 out
    expect(await prepared()).toEqual([1, 3, 4]);
    expect(await add(2, 30)).toBe(32); // prepared again, pushing 3 out
    expect(await prepared()).toEqual([1, 2, 4]);
  });

  it('keeps statements queued on the connection working while their names are pushed out', async () => {
    // all sent at once: each DEALLOCATE queues behind the queries that still use its name
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => add(100 + (i % 9), i)));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i + 100 + (i % 9)));
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });

  it('names drizzle-named statements by their text too, and catches up after a failed transaction', async () => {
    await client.query({ name: 'given', text: 'select $1::int + 201 as v', values: [1] });
    await client.query('begin');
    await expect(client.query('select nope')).rejects.toThrow(/nope/);
    // evictions while the transaction has failed wait: their DEALLOCATE would be refused
    await expect(add(202, 1)).rejects.toThrow(/aborted/);
    await expect(add(203, 1)).rejects.toThrow(/aborted/);
    await client.query('rollback');
    expect(await add(204, 1)).toBe(205);
    expect(await add(205, 1)).toBe(206);
    const left = await prepared();
    expect(left.length).toBeLessThanOrEqual(3);
    expect(left).toContain(205);
  });
});
