import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quiet, testDatabase } from '../../test/helpers';
import { until } from '../../test/sockets';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { manualClock } from '../lib/clock';
import { JobRunner, PermanentJobError, RetryLaterError } from './runner';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());
// every runner claims any due job: what one test leaves must not reach the next one's runner
afterEach(async () => {
  await database.db.delete(jobs);
});

type Item = { payload: { n: number }; attempt: number };

const rowsOf = async (name: string) => {
  const rows = await database.db.select().from(jobs).where(eq(jobs.name, name));
  return new Map(rows.map((row) => [(row.payload as { n: number }).n, row]));
};

describe('a job kind with runBatch', () => {
  it('gets the claimed jobs of its name in one call, and each answer counts as that job alone would', async () => {
    const clock = manualClock(new Date('2026-03-03T08:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    const calls: Item[][] = [];
    const singles: unknown[] = [];
    const finalFailures: { payload: unknown; error: unknown }[] = [];
    runner.define({
      name: 'batch-send',
      maxAttempts: 3,
      run: async (payload) => void singles.push(payload),
      runBatch: async (items: Item[]) => {
        calls.push(items);
        return items.map(({ payload: { n } }) =>
          n === 2
            ? new Error('network down')
            : n === 3 && calls.length === 1
              ? new RetryLaterError(30_000, 'paced')
              : n === 4
                ? new PermanentJobError('refused for good')
                : undefined,
        );
      },
      onFinalFailure: async (payload, error) => void finalFailures.push({ payload, error }),
    });
    const alone: unknown[] = [];
    runner.define({ name: 'plain', run: async (payload) => void alone.push(payload) });
    for (const n of [1, 2, 3, 4, 5]) await runner.enqueue(database.db, 'batch-send', { n });
    await runner.enqueue(database.db, 'plain', { n: 9 });

    expect(await runner.runDue()).toBe(6);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.map((i) => i.payload.n).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(calls[0]!.every((i) => i.attempt === 1)).toBe(true);
    expect(singles).toEqual([]);
    // a kind without runBatch runs alone, as before
    expect(alone).toEqual([{ n: 9 }]);
    expect(await rowsOf('plain')).toEqual(new Map());

    const rows = await rowsOf('batch-send');
    // the successes are gone
    expect([...rows.keys()].sort()).toEqual([2, 3, 4]);
    // a plain error: queued again after a backoff, the attempt counted
    expect(rows.get(2)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'network down',
      lockedUntil: null,
    });
    expect(rows.get(2)!.runAt.getTime()).toBeGreaterThan(clock.now().getTime());
    // retry later: queued for its delay, the attempt not used
    expect(rows.get(3)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastError: 'paced',
      lockedUntil: null,
    });
    expect(rows.get(3)!.runAt.getTime()).toBe(clock.now().getTime() + 30_000);
    // a permanent error: failed at once, onFinalFailure called once
    expect(rows.get(4)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'refused for good' });
    expect(finalFailures).toHaveLength(1);
    expect(finalFailures[0]!.payload).toEqual({ n: 4 });
    expect(finalFailures[0]!.error).toBeInstanceOf(PermanentJobError);

    // the plain error again (the one retried later succeeds now), then on its last attempt: it fails for good
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(2);
    expect(calls[1]!.map((i) => [i.payload.n, i.attempt]).sort()).toEqual([
      [2, 2],
      [3, 1],
    ]);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(calls[2]!.map((i) => [i.payload.n, i.attempt])).toEqual([[2, 3]]);
    const last = await rowsOf('batch-send');
    expect(last.get(2)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'network down' });
    expect(finalFailures.map((f) => f.payload)).toEqual([{ n: 4 }, { n: 2 }]);
    clock.advance(10 * 60_000);
    expect(await runner.runDue()).toBe(0);
  });

  it('gives every job of the batch the error when runBatch throws', async () => {
    const clock = manualClock(new Date('2026-03-03T09:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    runner.define({
      name: 'batch-broken',
      run: async () => undefined,
      runBatch: async () => {
        throw new Error('database gone');
      },
    });
    for (const n of [1, 2, 3]) await runner.enqueue(database.db, 'batch-broken', { n });
    expect(await runner.runDue()).toBe(3);
    const rows = [...(await rowsOf('batch-broken')).values()];
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'database gone' });
  });

  it('runs a stored payload its schema refuses alone (failed once), the others in the batch', async () => {
    const clock = manualClock(new Date('2026-03-03T10:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    const calls: unknown[][] = [];
    runner.define({
      name: 'sandbox.receipts',
      run: async () => undefined,
      runBatch: async (items) => {
        calls.push(items.map((i) => i.payload));
        return items.map(() => undefined);
      },
    });
    await runner.enqueue(database.db, 'sandbox.receipts', { messageIds: ['m1'], status: 'unread' });
    await runner.enqueue(database.db, 'sandbox.receipts', { messageIds: ['m2', 'm3'], status: 'read' });
    await database.db.insert(jobs).values({
      name: 'sandbox.receipts',
      payload: { messageIds: [], status: 'unread' },
      runAt: clock.now(),
    });
    expect(await runner.runDue()).toBe(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(2);
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'sandbox.receipts'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(rows[0]!.lastError).toMatch(/^payload refused \(messageIds: /);
  });

  it('deletes the successes of a batch whose leases were renewed while it ran', async () => {
    const clock = manualClock(new Date('2026-03-03T11:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    runner.define({
      name: 'batch-slow',
      run: async () => undefined,
      runBatch: async (items) => {
        started = true;
        await gate;
        return items.map(() => undefined);
      },
    });
    for (const n of [1, 2]) await runner.enqueue(database.db, 'batch-slow', { n });
    const done = runner.runDue();
    await until(() => started);
    clock.advance(45_000);
    await runner.renewLeases();
    for (const row of (await rowsOf('batch-slow')).values())
      expect(row.lockedUntil!.getTime()).toBe(clock.now().getTime() + 60_000);
    release();
    expect(await done).toBe(2);
    expect((await rowsOf('batch-slow')).size).toBe(0);
  });

  it("writes nothing once another process took the batch's jobs over (a lost lease)", async () => {
    const clock = manualClock(new Date('2026-03-03T12:00:00Z'));
    const stalled = new JobRunner(database.db, clock, quiet);
    const other = new JobRunner(database.db, clock, quiet);
    const gates: { release: () => void }[] = [];
    const define = (runner: JobRunner) =>
      runner.define({
        name: 'batch-stalled',
        run: async () => undefined,
        runBatch: async (items: Item[]) => {
          await new Promise<void>((release) => gates.push({ release }));
          // one success, one failure: neither may touch the new claim
          return items.map(({ payload }) => (payload.n === 1 ? undefined : new Error('boom')));
        },
      });
    define(stalled);
    define(other);
    for (const n of [1, 2]) await stalled.enqueue(database.db, 'batch-stalled', { n });

    const first = stalled.runDue();
    await until(() => gates.length === 1);
    clock.advance(60_001); // no heartbeat came: the leases are over
    const second = other.runDue();
    await until(() => gates.length === 2);
    const claimed = await rowsOf('batch-stalled');
    for (const row of claimed.values()) expect(row).toMatchObject({ state: 'running', attempts: 2 });

    gates[0]!.release();
    expect(await first).toBe(2);
    await stalled.renewLeases();
    expect(await rowsOf('batch-stalled')).toEqual(claimed);

    gates[1]!.release();
    expect(await second).toBe(2);
    const after = await rowsOf('batch-stalled');
    expect([...after.keys()]).toEqual([2]);
    expect(after.get(2)).toMatchObject({ state: 'queued', attempts: 2, lastError: 'boom' });
  });

  it('counts the jobs of a batch, not the batch, against what a process runs at once', async () => {
    const clock = manualClock(new Date('2026-03-03T13:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    const calls: { size: number; release: () => void }[] = [];
    runner.define({
      name: 'batch-many',
      run: async () => undefined,
      runBatch: async (items) => {
        await new Promise<void>((release) => calls.push({ size: items.length, release }));
        return items.map(() => undefined);
      },
    });
    await runner.enqueueMany(
      database.db,
      'batch-many',
      Array.from({ length: 130 }, (_, n) => ({ payload: { n } })),
    );
    runner.start();
    try {
      await until(() => calls.length === 1);
      // the runner keeps polling: nothing more is claimed while the batch holds all the room
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(calls.map((c) => c.size)).toEqual([100]);
      calls[0]!.release();
      await until(() => calls.length === 2);
      expect(calls[1]!.size).toBe(30);
      calls[1]!.release();
      for (let i = 0; i < 300 && (await runner.pending(['batch-many'])) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await runner.pending(['batch-many'])).toBe(0);
    } finally {
      for (const call of calls) call.release();
      await runner.stop();
    }
  });

  it('runs at most two batches of a kind at once: the jobs coming meanwhile gather for the next one', async () => {
    const clock = manualClock(new Date('2026-03-03T14:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    const calls: { ns: number[]; release: () => void }[] = [];
    runner.define({
      name: 'batch-gather',
      run: async () => undefined,
      runBatch: async (items) => {
        await new Promise<void>((release) =>
          calls.push({ ns: items.map((i) => (i.payload as { n: number }).n), release }),
        );
        return items.map(() => undefined);
      },
    });
    const enqueue = (from: number, count: number) =>
      runner.enqueueMany(
        database.db,
        'batch-gather',
        Array.from({ length: count }, (_, i) => ({ payload: { n: from + i } })),
      );
    runner.start();
    try {
      await enqueue(0, 3);
      runner.wake();
      await until(() => calls.length === 1);
      await enqueue(3, 2);
      runner.wake();
      await until(() => calls.length === 2);
      // two batches run: these wait, however often the runner polls
      await enqueue(5, 4);
      runner.wake();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(calls).toHaveLength(2);
      calls[0]!.release();
      await until(() => calls.length === 3);
      expect(calls.map((c) => c.ns.sort((a, b) => a - b))).toEqual([
        [0, 1, 2],
        [3, 4],
        [5, 6, 7, 8],
      ]);
      calls[1]!.release();
      calls[2]!.release();
      for (let i = 0; i < 300 && (await runner.pending(['batch-gather'])) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await runner.pending(['batch-gather'])).toBe(0);
    } finally {
      for (const call of calls) call.release();
      await runner.stop();
    }
  });

  it('gathers the jobs of a kind with gatherMs that come soon after a batch into one batch, later', async () => {
    const clock = manualClock(new Date('2026-03-03T15:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet);
    const calls: { ns: number[]; at: number }[] = [];
    runner.define({
      name: 'batch-gathered',
      gatherMs: 300,
      run: async () => undefined,
      runBatch: async (items) => {
        calls.push({ ns: items.map((i) => (i.payload as { n: number }).n), at: performance.now() });
        return items.map(() => undefined);
      },
    });
    runner.start();
    try {
      // a quiet kind: the first job goes at once
      await runner.enqueue(database.db, 'batch-gathered', { n: 0 });
      runner.wake('batch-gathered');
      await until(() => calls.length === 1);
      // three more, each enqueued and woken for on its own, while the kind gathers
      for (const n of [1, 2, 3]) {
        await runner.enqueue(database.db, 'batch-gathered', { n });
        runner.wake('batch-gathered');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await until(() => calls.length === 2);
      expect(calls.map((c) => c.ns.sort((a, b) => a - b))).toEqual([[0], [1, 2, 3]]);
      // the timer's own rounding aside, not before the kind's time
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(295);
      for (let i = 0; i < 300 && (await runner.pending(['batch-gathered'])) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await runner.pending(['batch-gathered'])).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});

describe('the jobs table', () => {
  it('is vacuumed by the runner after every so many jobs it deleted, so claims do not read the dead rows of a busy hour', async () => {
    const vacuums = async () => {
      const { rows } = (await database.db.execute(
        sql`select coalesce(vacuum_count, 0)::int as n from pg_stat_user_tables where relname = 'jobs'`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n ?? 0;
    };
    const before = await vacuums();
    const runner = new JobRunner(database.db, manualClock(new Date('2026-03-03T12:00:00Z')), quiet, {
      vacuumAfter: 5,
    });
    runner.define({
      name: 'vacuumed',
      run: async () => undefined,
      runBatch: async (items) => items.map(() => undefined),
    });
    for (let n = 0; n < 4; n++) await runner.enqueue(database.db, 'vacuumed', { n });
    await runner.runDue();
    expect(await vacuums()).toBe(before); // 4 deleted: not yet
    for (let n = 4; n < 8; n++) await runner.enqueue(database.db, 'vacuumed', { n });
    await runner.runDue();
    await runner.stop(); // waits for the vacuum it started
    // the vacuum's count reaches the statistics a moment after it ends
    let after = await vacuums();
    for (let tries = 0; after === before && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await vacuums();
    }
    expect(after).toBeGreaterThan(before);
    expect(await database.db.select().from(jobs).where(eq(jobs.name, 'vacuumed'))).toEqual([]);
  });
});
