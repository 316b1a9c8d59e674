import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PreparingPglite, type PgliteLike } from './pglite-prepared';

let pglite: PGlite;
let preparing: PreparingPglite;

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  await pglite.exec(`create table items (
    id int primary key, name text not null, tags text[] not null default '{}',
    data jsonb, at timestamptz, ok boolean, raw bytea, amount numeric)`);
  preparing = new PreparingPglite(pglite, {
    prepared: (text) => !/\slike\s/i.test(text) || text.includes('/* generic */'),
    generic: (text) => text.includes('/* generic */'),
  });
});

afterAll(async () => {
  await pglite.close();
});

const prepared = async () =>
  (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

describe('PreparingPglite', () => {
  it('stores and reads every kind of value exactly as plain parameters do', async () => {
    const values = [
      1,
      'O\'Brien \\ "kutip" {kurung} , koma',
      ['a', 'b "c"', 'd\\e', "f'g", '', 'NULL', 'x,y', '{z}'],
      { pesan: "it's", daftar: [1, 'dua'], kosong: null },
      new Date('2026-11-26T01:02:03.456Z'),
      true,
      new Uint8Array([0, 1, 254, 255]),
      '12345678901234567890.125',
    ];
    const insert =
      'insert into items (id, name, tags, data, at, ok, raw, amount) values ($1, $2, $3, $4, $5, $6, $7, $8)';
    await preparing.query(insert, values);
    await pglite.query(insert, [2, ...values.slice(1)]);
    const read = 'select name, tags, data, at, ok, raw, amount from items where id = $1';
    const viaPrepared = await preparing.query(read, [1]);
    const plain = await pglite.query(read, [2]);
    expect(viaPrepared.rows).toEqual(plain.rows);
    expect(viaPrepared.rows[0]).toMatchObject({
      name: values[1],
      tags: values[2],
      data: values[3],
      ok: true,
    });
    // a JSON array given for a jsonb parameter stays JSON, not a PostgreSQL array
    const json = await preparing.query<{ n: number }>(
      'select jsonb_array_length($1::jsonb) as n where $2::int = 1',
      [[{ a: 1 }, { a: 2 }], 1],
    );
    expect(json.rows).toEqual([{ n: 2 }]);
    // nulls, in a column and in an array
    const nulls = await preparing.query<{ v: null; a: (string | null)[] }>(
      'select $1::text as v, $2::text[] as a',
      [null, ['x', null]],
    );
    expect(nulls.rows).toEqual([{ v: null, a: ['x', null] }]);
  });

  it('prepares a statement once and runs it by name, but searches and statements without parameters', async () => {
    const text = 'select name from items where id = $1';
    await Promise.all([1, 2, 1, 2].map((id) => preparing.query(text, [id])));
    expect((await prepared()).filter((s) => s.endsWith(` as ${text}`))).toHaveLength(1);
    await preparing.query('select name from items where name like $1 and id = 1', ['%Brien%']);
    await preparing.query('select count(*) from items');
    expect((await prepared()).some((s) => /like \$1 and id = 1|count/.test(s))).toBe(false);
  });

  it("runs a marked statement's generic plan, and only that statement", async () => {
    const text = 'select name from items where /* generic */ name like $1 and id = $2';
    for (let i = 0; i < 3; i++) await preparing.query(text, ['%Brien%', 1]);
    const plans = await pglite.query<{ generic: number; custom: number }>(
      'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like $1',
      ['%/* generic */%'],
    );
    expect(plans.rows).toEqual([{ generic: 3, custom: 0 }]);
    expect((await pglite.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('keeps transactions whole: a rollback keeps the statement prepared and undoes the writes', async () => {
    const update = 'update items set ok = $1 where id = $2';
    await expect(
      preparing.transaction(async (tx) => {
        await tx.query(update, [false, 1]);
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect((await preparing.query<{ ok: boolean }>('select ok from items where id = $1', [1])).rows).toEqual([
      { ok: true },
    ]);
    await preparing.query(update, [false, 1]);
    expect((await pglite.query<{ ok: boolean }>('select ok from items where id = 1')).rows).toEqual([
      { ok: false },
    ]);
  });

  it('fails a bad statement with its own error, and a NUL in a value as a parameter does', async () => {
    await expect(preparing.query('select nope from items where id = $1', [1])).rejects.toThrow(
      /column "nope" does not exist/,
    );
    const nul = preparing.query('select $1::text as v where $2::int = 1', ['a\0b', 1]);
    const plain = pglite.query('select $1::text as v where $2::int = 1', ['a\0b', 1]);
    await expect(nul).rejects.toThrow();
    await expect(plain).rejects.toThrow();
  });
});

describe('PreparingPglite keeps at most maxPrepared statements', () => {
  let db: PGlite;
  let capped: PreparingPglite;
  const statements = async () =>
    (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows
      .map((r) => /select \$1::int \+ (\d+) as v/.exec(r.statement)?.[1])
      .filter((n) => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  const add = (n: number, value: number) =>
    capped.query<{ v: number }>(`select $1::int + ${n} as v`, [value]).then((r) => r.rows[0]?.v);

  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
    capped = new PreparingPglite(db, { prepared: () => true, generic: () => false, maxPrepared: 3 });
  });
  afterAll(() => db.close());

  it('deallocates the least recently used statement to make room, and prepares it again when it returns', async () => {
    for (const n of [1, 2, 3]) expect(await add(n, 10)).toBe(10 + n);
    expect(await statements()).toEqual([1, 2, 3]);
    expect(await add(1, 20)).toBe(21); // 1 is now the most recently used
    expect(await add(4, 10)).toBe(14); // evicts 2
    expect(await statements()).toEqual([1, 3, 4]);
    expect(await add(5, 10)).toBe(15); // evicts 3
    expect(await statements()).toEqual([1, 4, 5]);
    expect(await add(2, 30)).toBe(32); // prepared again, evicting 1
    expect(await statements()).toEqual([2, 4, 5]);
  });

  it('never deallocates a statement a call is still about to execute', async () => {
    // a session of its own whose EXECUTEs wait until released, while DEALLOCATE goes straight through
    const own = new PGlite();
    await own.waitReady;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: PgliteLike = {
      query: async <T>(text: string, params?: unknown[]) => {
        if (text.startsWith('execute')) await held;
        return own.query<T>(text, params);
      },
      exec: (text: string) => own.exec(text),
      transaction: (callback) => own.transaction(callback),
    };
    const session = new PreparingPglite(slow, { prepared: () => true, generic: () => false, maxPrepared: 2 });
    const ask = (n: number) =>
      session.query<{ v: number }>(`select $1::int + ${n} as v`, [1]).then((r) => r.rows[0]?.v);
    const names = async () =>
      (await own.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) =>
        Number(/\+ (\d+) as v/.exec(r.statement)?.[1]),
      );
    try {
      const first = ask(401); // prepared, then waits to execute
      await new Promise((resolve) => setTimeout(resolve, 50));
      const others = [ask(402), ask(403), ask(404)]; // push 401 out of the cache while it waits
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await names()).toContain(401);
      release();
      expect(await first).toBe(402);
      expect(await Promise.all(others)).toEqual([403, 404, 405]);
      expect((await names()).sort()).toEqual([403, 404]);
    } finally {
      await own.close();
    }
  });

  it('evicts inside a transaction, even one that fails, and frees the statement once it ends', async () => {
    await capped.transaction(async (tx) => {
      for (const n of [201, 202, 203, 204])
        expect((await tx.query<{ v: number }>(`select $1::int + ${n} as v`, [1])).rows[0]?.v).toBe(n + 1);
    });
    expect(await statements()).toEqual([202, 203, 204]);
    await expect(
      capped.transaction(async (tx) => {
        await tx.query('select $1::int + 301 as v', [1]);
        await tx.query('select nope');
      }),
    ).rejects.toThrow(/nope/);
    expect(await add(302, 1)).toBe(303);
    const left = await statements();
    expect(left.length).toBeLessThanOrEqual(3);
    expect(left).toContain(302);
  });
});
