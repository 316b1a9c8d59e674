import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

let db: PgliteThread;

beforeAll(async () => {
  db = new PgliteThread({});
  await db.waitReady;
  await db.exec('create table notes (id int primary key, body text not null, at timestamptz)');
});

afterAll(async () => {
  await db.close();
});

const bodies = async () =>
  (await db.query<{ body: string }>('select body from notes order by id')).rows.map((r) => r.body);

describe('PgliteThread', () => {
  it('answers queries with their rows, in array or object form, and the caller parses its own types', async () => {
    await db.query('insert into notes (id, body, at) values ($1, $2, $3)', [
      1,
      'halo',
      new Date('2026-11-26T00:00:00Z'),
    ]);
    const objects = await db.query<{ id: number; body: string; at: Date }>('select * from notes');
    expect(objects.rows).toEqual([{ id: 1, body: 'halo', at: new Date('2026-11-26T00:00:00Z') }]);
    // 1184: timestamptz, left as PostgreSQL wrote it and parsed by the caller's function
    const arrays = await db.query<unknown[]>('select id, at from notes', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `teks:${value}` },
    });
    expect(arrays.rows).toEqual([[1, 'teks:2026-11-26 00:00:00+00']]);
  });

  it('keeps a transaction whole: others wait for it, and an error undoes it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('insert into notes (id, body) values ($1, $2)', [2, 'dalam transaksi']);
      await held;
      await t.query('insert into notes (id, body) values ($1, $2)', [3, 'masih dalam']);
    });
    // sent while the transaction is open: it runs after the commit, and sees both rows
    const outside = bodies();
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toEqual(['halo', 'dalam transaksi', 'masih dalam']);

    await expect(
      db.transaction(async (t) => {
        await t.query('insert into notes (id, body) values ($1, $2)', [4, 'batal']);
        await t.query('insert into notes (id, body) values ($1, $2)', [1, 'kembar']);
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect(await bodies()).toEqual(['halo', 'dalam transaksi', 'masih dalam']);
  });

  it('tells when its thread dies, and fails every statement after', async () => {
    const other = new PgliteThread({});
    await other.waitReady;
    const failures: Error[] = [];
    other.onFailure((error) => failures.push(error));
    // the thread ending on its own (a WASM trap, say), as the worker's owner sees it
    await (other as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await new Promise((r) => setTimeout(r, 20));
    expect(failures.map((e) => e.message)).toEqual(['PGlite thread exited (1)']);
    await expect(other.query('select 1')).rejects.toThrow('PGlite thread exited');
    await other.close();
    expect(failures).toHaveLength(1);
  });

  it('fails after close', async () => {
    const other = new PgliteThread({});
    await other.waitReady;
    expect((await other.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    const failures: Error[] = [];
    other.onFailure((error) => failures.push(error));
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('PGlite is closed');
    // a close is not a failure
    expect(failures).toEqual([]);
  });
});
