import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

/** A new PGlite data folder starts from the build's template instead of initdb, and stays a normal one. */
describe('PGlite data folder from a template', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-template-'));
    const pg = new PGlite({ extensions: { pg_trgm } });
    await pg.waitReady;
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    template = path.join(root, 'template.tar.gz');
    fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('unpacks the template, migrates, and keeps its data across restarts', async () => {
    const dataDir = path.join(root, 'data');
    const first = await openDatabase({ dataDir, pgliteTemplate: template });
    await first.db.execute(sql`insert into meta (key, value) values ('template-test', 'ya')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir, pgliteTemplate: template });
    const rows = (await again.db.execute(
      sql`select value from meta where key = 'template-test'`,
    )) as unknown as {
      rows: { value: string }[];
    };
    expect(rows.rows).toEqual([{ value: 'ya' }]);
    await again.close();
  });

  it('falls back to initdb when the template is not a data folder', async () => {
    const broken = path.join(root, 'broken.tar.gz');
    fs.writeFileSync(broken, 'bukan arsip');
    const dataDir = path.join(root, 'data-broken');
    const database = await openDatabase({ dataDir, pgliteTemplate: broken });
    await database.ping();
    await database.db.execute(sql`select count(*) from users`);
    await database.close();
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
