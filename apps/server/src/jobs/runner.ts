import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from '../lib/clock';
import { WakeLoop } from '../lib/wake-loop';
import { jobKindOf, type JobName, type JobPayload } from './kinds';

/** The payload of a job name: typed by its schema for our kinds, unknown for ad-hoc ones (tests). */
export type PayloadOf<N extends string> = N extends JobName ? JobPayload<N> : unknown;

/**
 * A job handler. Throwing retries with backoff; `PermanentJobError` or the last attempt fails it for
 * good. A kind of jobs/kinds.ts brings its payload schema, attempts and lease; a definition may only
 * narrow them in tests.
 */
export interface JobDefinition<P> {
  name: string;
  maxAttempts?: number;
  /**
   * How long a claim (a lease) holds past the runner's last heartbeat: at least the default minute.
   * A running job's lease is renewed every HEARTBEAT_MS however long it runs, so this only says how
   * long a job of a process that died waits before another process resumes it.
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

/** A schema's refusal in one line: `messageId: expected string, ...`. */
function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`).join('; ');
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const LOCK_MS = 60_000;
/** How often the leases of running jobs are renewed: a quarter of the shortest lease. */
const HEARTBEAT_MS = LOCK_MS / 4;
const POLL_MS = 250;
const BATCH = 20;

/** A job this process is running: its lease (the locked_until it last wrote) and its length. */
interface Lease {
  until: Date;
  lockMs: number;
  /** another process took the job over (this one stalled past its lease): its rows are not ours */
  lost: boolean;
  /** the lease's writes (renewals, the final one) in order: a renewal never races the end */
  writes: Promise<unknown>;
}

/**
 * Runs jobs stored in the database. Any number of processes may run it: claims use
 * FOR UPDATE SKIP LOCKED. A claim is a lease (locked_until) that a heartbeat renews while the job
 * runs, so a job is never claimed twice while its runner is alive, however long it runs; this process
 * also never claims a job it is running. A job whose process died is picked up again once its lease
 * has really expired. Every write about a claimed job names the lease it holds: a runner that
 * stalled past its lease (and lost the job to another process) changes nothing of the new claim.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly loop: WakeLoop;
  /** Jobs this process is running now. */
  private readonly active = new Set<Promise<void>>();
  /** The leases of the jobs this process is running, by job id (runDue's and the ticks' alike). */
  private readonly leases = new Map<string, Lease>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  /** How long a claim holds without a heartbeat: how soon a job of a process that died runs again. */
  private readonly leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { heartbeatMs?: number; leaseMs?: number } = {},
  ) {
    this.loop = new WakeLoop(
      () => this.round(),
      POLL_MS,
      (err) => this.log.error({ err }, 'job runner tick failed'),
    );
    this.leaseMs = options.leaseMs ?? LOCK_MS;
    this.heartbeatMs = options.heartbeatMs ?? (options.leaseMs ? options.leaseMs / 4 : HEARTBEAT_MS);
  }

  define<N extends string>(definition: JobDefinition<PayloadOf<N>> & { name: N }): void {
    const kind = jobKindOf(definition.name);
    const maxAttempts = definition.maxAttempts ?? kind?.maxAttempts;
    const wanted = definition.lockMs ?? kind?.lockMs;
    const lockMs = wanted === undefined ? undefined : Math.max(this.leaseMs, wanted);
    this.definitions.set(definition.name, { ...definition, maxAttempts, lockMs } as JobDefinition<unknown>);
  }

  /**
   * Stores a job in the caller's transaction; it runs after commit. A payload its kind's schema
   * refuses is a bug of the caller: it throws, so the caller's transaction stores nothing.
   */
  async enqueue<N extends string>(
    tx: Db | Tx,
    name: N,
    payload: PayloadOf<N>,
    options: { delayMs?: number; dedupeKey?: string } = {},
  ): Promise<void> {
    const kind = jobKindOf(name);
    let stored: unknown = payload;
    if (kind) {
      const parsed = kind.payload.safeParse(payload);
      if (!parsed.success) throw new Error(`job ${name}: payload refused (${describeIssues(parsed.error)})`);
      stored = parsed.data;
    }
    await tx
      .insert(jobs)
      .values({
        name,
        payload: stored,
        dedupeKey: options.dedupeKey ?? null,
        runAt: new Date(this.clock.now().getTime() + (options.delayMs ?? 0)),
      })
      .onConflictDoNothing();
  }

  /**
   * Enqueues many jobs of one kind in one statement (a broadcast stores hundreds of messages a
   * batch): as enqueue, each payload checked by its kind's schema, each with its own dedupe key.
   */
  async enqueueMany<N extends string>(
    tx: Db | Tx,
    name: N,
    items: { payload: PayloadOf<N>; dedupeKey?: string; delayMs?: number }[],
  ): Promise<void> {
    if (!items.length) return;
    const kind = jobKindOf(name);
    const now = this.clock.now().getTime();
    const values = items.map((item) => {
      let stored: unknown = item.payload;
      if (kind) {
        const parsed = kind.payload.safeParse(item.payload);
        if (!parsed.success)
          throw new Error(`job ${name}: payload refused (${describeIssues(parsed.error)})`);
        stored = parsed.data;
      }
      return {
        name,
        payload: stored,
        dedupeKey: item.dedupeKey ?? null,
        runAt: new Date(now + (item.delayMs ?? 0)),
      };
    });
    await tx.insert(jobs).values(values).onConflictDoNothing();
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all([...this.active]);
  }

  /** Runs due jobs now instead of at the next poll (call after committing an enqueue). */
  wake(): void {
    this.loop.wake();
  }

  /** Claims and runs one batch, awaiting it; exported for tests that drive the runner by hand. */
  async runDue(): Promise<number> {
    const rows = await this.claim(BATCH);
    await Promise.all(rows.map((row) => this.runOne(row)));
    return rows.length;
  }

  /**
   * Claims up to `limit` due jobs (and jobs of dead processes whose lease has expired) for this
   * process, never one it is running itself, each with its lease as its definition wants it.
   */
  private async claim(limit: number): Promise<(ClaimedJob & { lease: Lease })[]> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.leaseMs);
    const running = [...this.leases.keys()];
    const claimed = (await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1,
        locked_until = ${until}
      where ${jobs.id} in (
        select ${jobs.id} from ${jobs}
        where ((${jobs.state} = 'queued' and ${jobs.runAt} <= ${now})
           or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${now}))
          and not (${jobs.id} = any(${sql.param(running)}::text[]))
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked
      )
      returning ${jobs.id}, ${jobs.name}, ${jobs.payload}, ${jobs.attempts}, ${jobs.maxAttempts}`)) as unknown as {
      rows: ClaimedJob[];
    };
    const rows: (ClaimedJob & { lease: Lease })[] = [];
    for (const row of claimed.rows) {
      const lease: Lease = { until, lockMs: this.leaseMs, lost: false, writes: Promise.resolve() };
      // held from here: the heartbeat renews it and no claim of this process takes the job again
      this.leases.set(row.id, lease);
      rows.push({ ...row, lease });
    }
    this.startHeartbeat();
    // jobs whose definition asks for a longer lease than LOCK_MS
    for (const row of rows) {
      const lockMs = this.definitions.get(row.name)?.lockMs;
      if (lockMs === undefined || lockMs === this.leaseMs) continue;
      row.lease.lockMs = lockMs;
      // should this fail, the heartbeat lengthens the lease
      await this.renew(row.id, row.lease, now).catch((err: unknown) =>
        this.log.error({ err, id: row.id }, 'job lease renewal failed'),
      );
    }
    return rows;
  }

  /** Moves a lease on to `now` + its length, if this process still holds it. */
  private renew(id: string, lease: Lease, now = this.clock.now()): Promise<unknown> {
    return this.write(lease, async () => {
      const until = new Date(now.getTime() + lease.lockMs);
      const renewed = await this.db
        .update(jobs)
        .set({ lockedUntil: until })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.lockedUntil, lease.until)))
        .returning({ id: jobs.id });
      if (renewed.length) lease.until = until;
      else {
        lease.lost = true;
        this.log.warn({ id }, 'job lease lost: another process took the job over');
      }
    });
  }

  /** Runs one write about a claimed job after the lease's earlier ones. */
  private write(lease: Lease, action: () => Promise<void>): Promise<unknown> {
    const next = lease.writes.then(() => (lease.lost ? undefined : action()));
    lease.writes = next.catch(() => undefined);
    return next;
  }

  /** Renews the lease of every job this process is running (the heartbeat; tests call it by hand). */
  async renewLeases(): Promise<void> {
    const now = this.clock.now();
    await Promise.all(
      [...this.leases].map(([id, lease]) =>
        this.renew(id, lease, now).catch((err: unknown) =>
          this.log.error({ err, id }, 'job lease renewal failed'),
        ),
      ),
    );
  }

  private startHeartbeat(): void {
    if (this.heartbeat || !this.leases.size) return;
    this.heartbeat = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeatIfIdle(): void {
    if (this.leases.size || !this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async runOne(row: ClaimedJob & { lease: Lease }) {
    try {
      await this.runHeld(row);
    } finally {
      this.leases.delete(row.id);
      this.stopHeartbeatIfIdle();
    }
  }

  private async runHeld(row: ClaimedJob & { lease: Lease }) {
    const { lease } = row;
    /** The job's row, while this process still holds its lease (as renewed until now). */
    const held = () => and(eq(jobs.id, row.id), eq(jobs.state, 'running'), eq(jobs.lockedUntil, lease.until));
    const update = (values: PgUpdateSetSource<typeof jobs>) =>
      this.write(lease, async () => {
        await this.db.update(jobs).set(values).where(held());
      });
    const definition = this.definitions.get(row.name);
    if (!definition) {
      await update({ state: 'failed', lockedUntil: null, lastError: `no handler for ${row.name}` });
      return;
    }
    let payload = row.payload;
    const kind = jobKindOf(row.name);
    if (kind) {
      const parsed = kind.payload.safeParse(row.payload);
      if (!parsed.success) {
        // a stored payload the schema refuses will never run: fail it once, without retries
        const reason = `payload refused (${describeIssues(parsed.error)})`;
        this.log.warn({ job: row.name, id: row.id, reason }, 'job failed for good');
        await update({ state: 'failed', lockedUntil: null, lastError: reason });
        return;
      }
      payload = parsed.data;
    }
    try {
      await definition.run(payload, row.attempts);
      await this.write(lease, async () => {
        await this.db.delete(jobs).where(held());
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLaterError) {
        await update({
          state: 'queued',
          lockedUntil: null,
          lastError: message,
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: new Date(this.clock.now().getTime() + Math.max(0, error.delayMs)),
        });
        return;
      }
      const final =
        error instanceof PermanentJobError || row.attempts >= (definition.maxAttempts ?? row.max_attempts);
      if (final) {
        this.log.warn({ job: row.name, id: row.id, err: error }, 'job failed for good');
        await definition.onFinalFailure?.(payload, error).catch((err: unknown) => {
          this.log.error({ err }, 'job final-failure handler failed');
        });
        await update({ state: 'failed', lockedUntil: null, lastError: message });
      } else {
        const backoff = Math.min(60_000, 500 * 2 ** (row.attempts - 1)) * (0.75 + Math.random() / 2);
        await update({
          state: 'queued',
          lockedUntil: null,
          lastError: message,
          runAt: new Date(this.clock.now().getTime() + backoff),
        });
      }
    }
  }

  /**
   * Claims what fits beside the jobs still running and starts them without waiting: a long job (an
   * import of 100,000 contacts) never holds up the sends queued behind it. A job ending wakes the runner.
   */
  private async round(): Promise<boolean> {
    const room = BATCH - this.active.size;
    if (room <= 0) return false;
    const rows = await this.claim(room);
    for (const row of rows) {
      const run = this.runOne(row)
        .catch((err: unknown) => this.log.error({ err, job: row.name }, 'job bookkeeping failed'))
        .finally(() => {
          this.active.delete(run);
          this.wake();
        });
      this.active.add(run);
    }
    return rows.length > 0 && this.active.size < BATCH;
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
