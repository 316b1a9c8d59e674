import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quiet, testDatabase } from '../../test/helpers';
import { until } from '../../test/sockets';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { manualClock } from '../lib/clock';
import { JobRunner } from './runner';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** A job kind whose runs wait until the test lets each of them end, in order. */
function slowJob(runner: JobRunner, name: string, runs: { release: () => void }[]) {
  runner.define({
    name,
    run: () => new Promise<void>((release) => runs.push({ release })),
  });
}

const rowOf = async (name: string) => (await database.db.select().from(jobs).where(eq(jobs.name, name)))[0];

describe('a job being run is never claimed twice while its runner is alive', () => {
  it('not by the same process after a minute, nor by another one while the lease is renewed', async () => {
    const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
    const here = new JobRunner(database.db, clock, quiet);
    const there = new JobRunner(database.db, clock, quiet); // another process
    const runs: { release: () => void }[] = [];
    slowJob(here, 'slow-import', runs);
    slowJob(there, 'slow-import', runs);
    await here.enqueue(database.db, 'slow-import', {});

    const first = here.runDue();
    await until(() => runs.length === 1);
    clock.advance(61_000); // longer than a lease of a minute
    // this process is still running it: it does not start it again
    expect(await here.runDue()).toBe(0);
    // its heartbeat renewed the lease: the other process does not take it either
    await here.renewLeases();
    expect((await rowOf('slow-import'))!.lockedUntil!.getTime()).toBe(clock.now().getTime() + 60_000);
    expect(await there.runDue()).toBe(0);
    clock.advance(59_000);
    expect(await there.runDue()).toBe(0);
    expect(runs).toHaveLength(1);

    runs[0]!.release();
    expect(await first).toBe(1);
    expect(await rowOf('slow-import')).toBeUndefined();
    expect(runs).toHaveLength(1);
  });

  it("is resumed by another process once the lease has truly expired, and the stalled runner's end changes nothing of the new claim", async () => {
    const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
    const stalled = new JobRunner(database.db, clock, quiet);
    const other = new JobRunner(database.db, clock, quiet);
    const runs: { release: () => void }[] = [];
    slowJob(stalled, 'slow-export', runs);
    slowJob(other, 'slow-export', runs);
    await stalled.enqueue(database.db, 'slow-export', {});

    const first = stalled.runDue();
    await until(() => runs.length === 1);
    clock.advance(60_001); // no heartbeat came: the lease is over
    const second = other.runDue();
    await until(() => runs.length === 2);
    const claim = await rowOf('slow-export');
    expect(claim).toMatchObject({ state: 'running', attempts: 2 });

    // the stalled run ends: its lease is gone, so the row stays as the other process holds it
    runs[0]!.release();
    expect(await first).toBe(1);
    await stalled.renewLeases();
    expect(await rowOf('slow-export')).toEqual(claim);

    runs[1]!.release();
    expect(await second).toBe(1);
    expect(await rowOf('slow-export')).toBeUndefined();
  });

  it('renews the lease of a running job on its own, on a timer', async () => {
    const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
    const runner = new JobRunner(database.db, clock, quiet, { heartbeatMs: 20 });
    const runs: { release: () => void }[] = [];
    slowJob(runner, 'slow-report', runs);
    await runner.enqueue(database.db, 'slow-report', {});
    const done = runner.runDue();
    await until(() => runs.length === 1);
    clock.advance(45_000);
    const renewedBy = clock.now().getTime() + 60_000;
    let lockedUntil = 0;
    for (let i = 0; i < 100 && lockedUntil !== renewedBy; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      lockedUntil = (await rowOf('slow-report'))!.lockedUntil!.getTime();
    }
    expect(lockedUntil).toBe(renewedBy);
    runs[0]!.release();
    await done;
    expect(await rowOf('slow-report')).toBeUndefined();
  });
});

describe('a job kind checks its payload with its schema', () => {
  it('refuses a bad payload when enqueued, storing nothing', async () => {
    const runner = new JobRunner(database.db, manualClock(new Date('2026-03-02T11:00:00Z')), quiet);
    const bad = { messageId: 42 } as unknown as { messageId: string };
    await expect(runner.enqueue(database.db, 'message.send', bad)).rejects.toThrow(
      'job message.send: payload refused (messageId:',
    );
    expect(await rowOf('message.send')).toBeUndefined();
  });

  it('fails a stored bad payload once, with the reason logged and kept, without running or retrying it', async () => {
    const clock = manualClock(new Date('2026-03-02T12:00:00Z'));
    const warnings: unknown[] = [];
    const log = {
      ...quiet,
      warn: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger;
    const runner = new JobRunner(database.db, clock, log);
    const runs: unknown[] = [];
    const finalFailures: unknown[] = [];
    runner.define({
      name: 'sandbox.receipt',
      run: async (payload) => void runs.push(payload),
      onFinalFailure: async (payload) => void finalFailures.push(payload),
    });
    // written by an older version, or by hand: the schema has never seen it
    await database.db
      .insert(jobs)
      .values({ name: 'sandbox.receipt', payload: { messageId: 'm1', status: 'seen' }, runAt: clock.now() });

    expect(await runner.runDue()).toBe(1);
    const row = await rowOf('sandbox.receipt');
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lockedUntil: null });
    expect(row!.lastError).toMatch(/^payload refused \(status: /);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('payload refused');
    expect(runs).toEqual([]);
    expect(finalFailures).toEqual([]);
    clock.advance(10 * 60_000);
    expect(await runner.runDue()).toBe(0);
  });

  it('runs a good payload as its schema reads it', async () => {
    const runner = new JobRunner(database.db, manualClock(new Date('2026-03-02T13:00:00Z')), quiet);
    const runs: unknown[] = [];
    runner.define({ name: 'message.send', run: async (payload) => void runs.push(payload) });
    await runner.enqueue(database.db, 'message.send', { messageId: 'm2' });
    expect(await runner.runDue()).toBe(1);
    expect(runs).toEqual([{ messageId: 'm2' }]);
    expect(await rowOf('message.send')).toBeUndefined();
  });
});
