import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';

/** A job handler. Throwing retries with backoff; `PermanentJobError` or the last attempt fails it for good. */
export interface JobDefinition<P> {
  name: string;
  maxAttempts?: number;
  /**
   * How long a claim holds, for jobs that run longer than the default minute: until then no other
   * process picks the job up again. After a crash the job waits this long before it is resumed.
   */
  lockMs?: number;
  run(payload: P, attempt: number): Promise<void>;
  /** Called once when the job fails for good, to leave the rows in a final state. */
  onFinalFailure?(payload: P, error: unknown): Promise<void>;
}

export class PermanentJobError extends Error {}

/**
 * Not a failure: the job cannot run yet (a WhatsApp number's pacing slot is far off, its hourly cap is
 * reached, another process holds its socket). It runs again after `delayMs` without using an attempt.
 */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    message = 'retry later',
  ) {
    super(message);
  }
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const LOCK_MS = 60_000;
const POLL_MS = 250;
const BATCH = 20;

/**
 * Runs jobs stored in the database. Any number of processes may run it: claims use
 * FOR UPDATE SKIP LOCKED, and a job whose process died is picked up again when its lock expires.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private wakeRequested = false;
  private inFlight: Promise<void> | null = null;
  /** Jobs this process is running now. */
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  define<P>(definition: JobDefinition<P>): void {
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
  }

  /** Stores a job in the caller's transaction; it runs after commit. */
  async enqueue(
    tx: Db | Tx,
    name: string,
    payload: unknown,
    options: { delayMs?: number; dedupeKey?: string } = {},
  ): Promise<void> {
    await tx
      .insert(jobs)
      .values({
        name,
        payload,
        dedupeKey: options.dedupeKey ?? null,
        runAt: new Date(this.clock.now().getTime() + (options.delayMs ?? 0)),
      })
      .onConflictDoNothing();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await Promise.all([...this.active]);
  }

  /** Runs due jobs now instead of at the next poll (call after committing an enqueue). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.inFlight = this.tick();
    }, ms);
    this.timer.unref();
  }

  /** Claims and runs one batch, awaiting it; exported for tests that drive the runner by hand. */
  async runDue(): Promise<number> {
    const rows = await this.claim(BATCH);
    await Promise.all(rows.map((row) => this.runOne(row)));
    return rows.length;
  }

  /** Claims up to `limit` due jobs (and expired claims of dead processes) for this process. */
  private async claim(limit: number): Promise<ClaimedJob[]> {
    const now = this.clock.now();
    const claimed = (await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1,
        locked_until = ${new Date(now.getTime() + LOCK_MS)}
      where ${jobs.id} in (
        select ${jobs.id} from ${jobs}
        where (${jobs.state} = 'queued' and ${jobs.runAt} <= ${now})
           or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${now})
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked
      )
      returning ${jobs.id}, ${jobs.name}, ${jobs.payload}, ${jobs.attempts}, ${jobs.maxAttempts}`)) as unknown as {
      rows: ClaimedJob[];
    };
    const rows = claimed.rows;
    await this.extendLocks(rows, now);
    return rows;
  }

  /** Claims of jobs whose definition asks for a longer lock than LOCK_MS. */
  private async extendLocks(rows: ClaimedJob[], now: Date): Promise<void> {
    for (const row of rows) {
      const lockMs = this.definitions.get(row.name)?.lockMs;
      if (lockMs === undefined || lockMs === LOCK_MS) continue;
      await this.db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + lockMs) })
        .where(and(eq(jobs.id, row.id), eq(jobs.state, 'running')));
    }
  }

  private async runOne(row: ClaimedJob) {
    const definition = this.definitions.get(row.name);
    if (!definition) {
      await this.finish(row.id, 'failed', `no handler for ${row.name}`);
      return;
    }
    try {
      await definition.run(row.payload, row.attempts);
      await this.db.delete(jobs).where(eq(jobs.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLaterError) {
        await this.db
          .update(jobs)
          .set({
            state: 'queued',
            lockedUntil: null,
            lastError: message,
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            runAt: new Date(this.clock.now().getTime() + Math.max(0, error.delayMs)),
          })
          .where(eq(jobs.id, row.id));
        return;
      }
      const final =
        error instanceof PermanentJobError || row.attempts >= (definition.maxAttempts ?? row.max_attempts);
      if (final) {
        this.log.warn({ job: row.name, id: row.id, err: error }, 'job failed for good');
        await definition.onFinalFailure?.(row.payload, error).catch((err: unknown) => {
          this.log.error({ err }, 'job final-failure handler failed');
        });
        await this.finish(row.id, 'failed', message);
      } else {
        const backoff = Math.min(60_000, 500 * 2 ** (row.attempts - 1)) * (0.75 + Math.random() / 2);
        await this.db
          .update(jobs)
          .set({
            state: 'queued',
            lockedUntil: null,
            lastError: message,
            runAt: new Date(this.clock.now().getTime() + backoff),
          })
          .where(eq(jobs.id, row.id));
      }
    }
  }

  private async finish(id: string, state: 'done' | 'failed', lastError: string | null) {
    await this.db.update(jobs).set({ state, lockedUntil: null, lastError }).where(eq(jobs.id, id));
  }

  /**
   * Claims what fits beside the jobs still running and starts them without waiting: a long job (an
   * import of 100,000 contacts) never holds up the sends queued behind it. A job ending wakes the runner.
   */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    let claimed = 0;
    try {
      const room = BATCH - this.active.size;
      if (room > 0) {
        const rows = await this.claim(room);
        claimed = rows.length;
        for (const row of rows) {
          const run = this.runOne(row)
            .catch((err: unknown) => this.log.error({ err, job: row.name }, 'job bookkeeping failed'))
            .finally(() => {
              this.active.delete(run);
              this.wake();
            });
          this.active.add(run);
        }
      }
    } catch (err) {
      this.log.error({ err }, 'job runner tick failed');
    } finally {
      this.running = false;
    }
    const again = this.wakeRequested || (claimed > 0 && this.active.size < BATCH);
    this.wakeRequested = false;
    this.schedule(again ? 0 : POLL_MS);
  }

  /** Jobs waiting or running (tests and readiness). */
  async pending(names?: string[]): Promise<number> {
    const where = names?.length
      ? and(inArray(jobs.state, ['queued', 'running']), inArray(jobs.name, names))
      : inArray(jobs.state, ['queued', 'running']);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where);
    return row?.n ?? 0;
  }
}
