import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { manualClock } from '../lib/clock';
import { JobRunner } from './runner';

const quiet = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

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

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

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
