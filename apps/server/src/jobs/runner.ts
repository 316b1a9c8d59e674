import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';
import { textArray } from '../db/sql';
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
  /**
   * Runs many claimed jobs of this name at once (a burst of sends pays its round trips once, not per
   * job). Answers for each item, in order, `undefined` when it succeeded or the error it met, which
   * counts exactly as if `run` had thrown it for that job alone; should it throw, every item met that
   * error. When present, the runner calls it instead of `run` for the jobs it claims.
   */
  runBatch?(items: { payload: P; attempt: number }[]): Promise<unknown[]>;
  /** How long the next batch of the kind waits after one starts (JobKind.gatherMs; tests set their own). */
  gatherMs?: number;
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
/**
 * The most jobs one process runs at once, and so the most a runBatch call gets: a burst of public API
 * sends goes up to 100 to a batch, so a batch's few statements are shared by 100 messages.
 */
const BATCH = 100;
/**
 * runBatch calls of one kind running at once. While they run, the kind's new jobs are not claimed but
 * gather for the next call (group commit: under load a batch holds what came during the last one, so
 * the busier the runner, the fewer statements a job). Two, so one slow batch (a channel's API taking
 * its time) does not hold up every other send of the kind.
 */
const BATCHES_PER_KIND = 2;
/**
 * Jobs this process deletes between two vacuums of the jobs table. Every job leaves dead row versions
 * (queued, running, deleted) that only a vacuum frees; autovacuum looks at a database about once a
 * minute, and by then a busy table (a public API burst: two jobs a message, 1,000 messages a second)
 * is hundreds of pages of dead rows that every claim reads. A vacuum of the live few hundred rows
 * costs a few milliseconds.
 */
const VACUUM_AFTER = 5_000;

/** A job this process is running: its lease (the locked_until it last wrote) and its length. */
interface Lease {
  until: Date;
  lockMs: number;
  /** another process took the job over (this one stalled past its lease): its rows are not ours */
  lost: boolean;
  /** the lease's writes (renewals, the final one) in order: a renewal never races the end */
  writes: Promise<unknown>;
}

/** A job this process claimed, with its lease. */
type HeldJob = ClaimedJob & { lease: Lease };

/** A stored payload as its kind's schema reads it, or why the schema refuses it. */
type Parsed = { ok: true; payload: unknown } | { ok: false; reason: string };

/**
 * Runs jobs stored in the database. Any number of processes may run it: claims use
 * FOR UPDATE SKIP LOCKED. A claim is a lease (locked_until) that a heartbeat renews while the job
 * runs, so a job is never claimed twice while its runner is alive, however long it runs; this process
 * also never claims a job it is running. A job whose process died is picked up again once its lease
 * has really expired. Every write about a claimed job names the lease it holds: a runner that
 * stalled past its lease (and lost the job to another process) changes nothing of the new claim.
 * The claimed jobs of a kind with runBatch run together, one call per kind, and those that
 * succeeded are deleted in one statement: a burst of sends costs a few statements a batch, not a
 * few a message.
 */
export class JobRunner {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly loop: WakeLoop;
  /** What this process is running now (a job alone, or a runBatch call), each with its number of jobs. */
  private readonly active = new Map<Promise<void>, number>();
  /** runBatch calls running now, by job name. */
  private readonly batchesRunning = new Map<string, number>();
  /**
   * Kinds gathering their next batch (gatherMs): not claimed until the timer, which wakes the runner.
   * Load shaping, not business time: real timers, whatever the clock.
   */
  private readonly gathering = new Map<string, NodeJS.Timeout>();
  /** The leases of the jobs this process is running, by job id (runDue's and the ticks' alike). */
  private readonly leases = new Map<string, Lease>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  /** How long a claim holds without a heartbeat: how soon a job of a process that died runs again. */
  private readonly leaseMs: number;
  /** jobs deleted since the last vacuum (VACUUM_AFTER), and the vacuum running, if one is */
  private deletedSinceVacuum = 0;
  private vacuuming: Promise<void> | null = null;
  private readonly vacuumAfter: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { heartbeatMs?: number; leaseMs?: number; vacuumAfter?: number } = {},
  ) {
    this.loop = new WakeLoop(
      () => this.round(),
      POLL_MS,
      (err) => this.log.error({ err }, 'job runner tick failed'),
    );
    this.leaseMs = options.leaseMs ?? LOCK_MS;
    this.heartbeatMs = options.heartbeatMs ?? (options.leaseMs ? options.leaseMs / 4 : HEARTBEAT_MS);
    this.vacuumAfter = options.vacuumAfter ?? VACUUM_AFTER;
  }

  define<N extends string>(definition: JobDefinition<PayloadOf<N>> & { name: N }): void {
    const kind = jobKindOf(definition.name);
    const maxAttempts = definition.maxAttempts ?? kind?.maxAttempts;
    const wanted = definition.lockMs ?? kind?.lockMs;
    const lockMs = wanted === undefined ? undefined : Math.max(this.leaseMs, wanted);
    const gatherMs = definition.gatherMs ?? kind?.gatherMs;
    this.definitions.set(definition.name, {
      ...definition,
      maxAttempts,
      lockMs,
      gatherMs,
    } as JobDefinition<unknown>);
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
    for (const timer of this.gathering.values()) clearTimeout(timer);
    this.gathering.clear();
    await Promise.all([...this.active.keys()]);
    await this.vacuuming;
  }

  /**
   * Runs due jobs now instead of at the next poll (call after committing an enqueue). With the kind
   * enqueued, nothing happens while that kind waits anyway - for a batch of its own to end, or for its
   * next batch to gather - since that end or that timer wakes the runner: a burst of stores does not
   * cost a claim each that could not take their jobs.
   */
  wake(kind?: string): void {
    if (kind !== undefined && this.waits(kind)) return;
    this.loop.wake();
  }

  /** A kind the next claim leaves out: BATCHES_PER_KIND of its batches running, or gathering. */
  private waits(kind: string): boolean {
    return this.gathering.has(kind) || (this.batchesRunning.get(kind) ?? 0) >= BATCHES_PER_KIND;
  }

  /** Claims and runs one batch, awaiting it; exported for tests that drive the runner by hand. */
  async runDue(): Promise<number> {
    const rows = await this.claim(BATCH);
    await Promise.all(this.startAll(rows).map(({ run }) => run));
    return rows.length;
  }

  /** Kinds whose jobs wait for a later claim: BATCHES_PER_KIND runBatch calls running, or gathering. */
  private busyKinds(): string[] {
    const names = new Set(this.gathering.keys());
    for (const [name, n] of this.batchesRunning) if (n >= BATCHES_PER_KIND) names.add(name);
    return [...names];
  }

  /** The kind's next batch waits gatherMs, then the runner wakes to claim it. */
  private gather(name: string, gatherMs: number): void {
    if (this.gathering.has(name)) return;
    const timer = setTimeout(() => {
      this.gathering.delete(name);
      this.wake();
    }, gatherMs);
    timer.unref();
    this.gathering.set(name, timer);
  }

  /** The jobs running now: runBatch calls count each job they hold. */
  private running(): number {
    let n = 0;
    for (const held of this.active.values()) n += held;
    return n;
  }

  /**
   * Claims up to `limit` due jobs (and jobs of dead processes whose lease has expired) for this
   * process, never one it is running itself, each with its lease as its definition wants it.
   */
  private async claim(limit: number): Promise<HeldJob[]> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.leaseMs);
    const running = [...this.leases.keys()];
    const claimed = (await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1,
        locked_until = ${until}
      where ${jobs.id} in (
        select ${jobs.id} from ${jobs}
        where ${jobs.failedAt} is null
          and ((${jobs.state} = 'queued' and ${jobs.runAt} <= ${now})
           or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${now}))
          and not (${jobs.id} = any(${sql.param(running)}::text[]))
          and not (${jobs.name} = any(${sql.param(this.busyKinds())}::text[]))
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked
      )
      returning ${jobs.id}, ${jobs.name}, ${jobs.payload}, ${jobs.attempts}, ${jobs.maxAttempts}`)) as unknown as {
      rows: ClaimedJob[];
    };
    const rows: HeldJob[] = [];
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

  /**
   * Runs one write about many claimed jobs after every one of their leases' earlier writes, and before
   * their later ones: a renewal in flight may still move a lease's `until`, which the write names.
   * The action itself leaves out the leases found lost meanwhile.
   */
  private writeAll(leases: Lease[], action: () => Promise<void>): Promise<unknown> {
    const next = Promise.all(leases.map((lease) => lease.writes)).then(action);
    const settled = next.catch(() => undefined);
    for (const lease of leases) lease.writes = settled;
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

  /**
   * Starts the claimed jobs without awaiting them: those whose kind has runBatch (and whose payload its
   * schema reads) together, one runBatch call per name; any other alone, as `run`. Answers each run
   * with the number of jobs it holds.
   */
  private startAll(rows: HeldJob[]): { run: Promise<void>; jobs: number; name: string }[] {
    const started: { run: Promise<void>; jobs: number; name: string }[] = [];
    const groups = new Map<string, { row: HeldJob; payload: unknown }[]>();
    for (const row of rows) {
      const parsed = this.definitions.get(row.name)?.runBatch ? this.parse(row) : null;
      if (!parsed?.ok) {
        started.push({ run: this.runOne(row), jobs: 1, name: row.name });
        continue;
      }
      const group = groups.get(row.name) ?? [];
      group.push({ row, payload: parsed.payload });
      groups.set(row.name, group);
    }
    for (const [name, items] of groups) {
      // defined, with runBatch: only such jobs were grouped
      const definition = this.definitions.get(name)!;
      started.push({ run: this.runGroup(definition, items), jobs: items.length, name });
    }
    return started;
  }

  /** A claimed job's payload as its kind's schema reads it (as stored, for ad-hoc kinds). */
  private parse(row: ClaimedJob): Parsed {
    const kind = jobKindOf(row.name);
    if (!kind) return { ok: true, payload: row.payload };
    const parsed = kind.payload.safeParse(row.payload);
    if (parsed.success) return { ok: true, payload: parsed.data };
    return { ok: false, reason: `payload refused (${describeIssues(parsed.error)})` };
  }

  /** Changes a claimed job's row, if this process still holds its lease (as renewed until now). */
  private update(row: HeldJob, values: PgUpdateSetSource<typeof jobs>): Promise<unknown> {
    return this.write(row.lease, async () => {
      await this.db
        .update(jobs)
        .set(values)
        .where(and(eq(jobs.id, row.id), eq(jobs.state, 'running'), eq(jobs.lockedUntil, row.lease.until)));
    });
  }

  private async runOne(row: HeldJob) {
    try {
      await this.runHeld(row);
    } finally {
      this.leases.delete(row.id);
      this.stopHeartbeatIfIdle();
    }
  }

  private async runHeld(row: HeldJob) {
    const definition = this.definitions.get(row.name);
    if (!definition) {
      await this.update(row, {
        state: 'failed',
        failedAt: this.clock.now(),
        lockedUntil: null,
        lastError: `no handler for ${row.name}`,
      });
      return;
    }
    const parsed = this.parse(row);
    if (!parsed.ok) {
      // a stored payload the schema refuses will never run: fail it once, without retries
      this.log.warn({ job: row.name, id: row.id, reason: parsed.reason }, 'job failed for good');
      await this.update(row, {
        state: 'failed',
        failedAt: this.clock.now(),
        lockedUntil: null,
        lastError: parsed.reason,
      });
      return;
    }
    try {
      await definition.run(parsed.payload, row.attempts);
    } catch (error) {
      await this.fail(row, definition, parsed.payload, error);
      return;
    }
    await this.deleteHeld([row]);
  }

  /**
   * Runs claimed jobs of one name through one runBatch call. The ones that succeeded are deleted in one
   * statement; each failure goes as a job of its own would (they are rare).
   */
  private async runGroup(definition: JobDefinition<unknown>, items: { row: HeldJob; payload: unknown }[]) {
    const { name } = definition;
    this.batchesRunning.set(name, (this.batchesRunning.get(name) ?? 0) + 1);
    try {
      let results: unknown[];
      try {
        results = await definition.runBatch!(
          items.map(({ row, payload }) => ({ payload, attempt: row.attempts })),
        );
        // an answer per job, or none of them can be trusted
        if (results.length !== items.length)
          throw new Error(
            `job ${definition.name}: runBatch answered ${results.length} results for ${items.length} jobs`,
          );
      } catch (error) {
        const met = error ?? new Error(`job ${definition.name}: runBatch failed`);
        results = items.map(() => met);
      }
      const settled = await Promise.allSettled([
        this.deleteHeld(items.filter((_, i) => results[i] === undefined).map(({ row }) => row)),
        ...items.map(({ row, payload }, i) =>
          results[i] === undefined ? undefined : this.fail(row, definition, payload, results[i]),
        ),
      ]);
      const rejected = settled.find((s) => s.status === 'rejected');
      if (rejected) throw rejected.reason;
    } finally {
      const left = (this.batchesRunning.get(name) ?? 1) - 1;
      if (left > 0) this.batchesRunning.set(name, left);
      else this.batchesRunning.delete(name);
      for (const { row } of items) this.leases.delete(row.id);
      this.stopHeartbeatIfIdle();
    }
  }

  /**
   * Deletes finished jobs in one statement, each only while this process still holds its lease
   * (state 'running', locked_until as last renewed): after every lease's earlier writes.
   */
  private async deleteHeld(rows: HeldJob[]): Promise<void> {
    if (!rows.length) return;
    await this.writeAll(
      rows.map(({ lease }) => lease),
      async () => {
        const held = rows.filter(({ lease }) => !lease.lost);
        if (!held.length) return;
        const ids = held.map(({ id }) => id);
        const untils = held.map(({ lease }) => lease.until.toISOString());
        await this.db.execute(sql`delete from ${jobs}
          where ${jobs.state} = 'running' and (${jobs.id}, ${jobs.lockedUntil}) in (
            select * from unnest(${textArray(ids)}, ${sql.param(untils)}::timestamptz[]))`);
        this.deletedSinceVacuum += held.length;
        if (this.deletedSinceVacuum >= this.vacuumAfter && !this.vacuuming) this.vacuum();
      },
    );
  }

  /**
   * Vacuums the jobs table in the background (VACUUM_AFTER); skipped while another process or
   * autovacuum is at it (SKIP_LOCKED), and never more than one of this process's at a time.
   */
  private vacuum(): void {
    this.deletedSinceVacuum = 0;
    const done = this.db
      .execute(sql`vacuum (skip_locked) ${jobs}`)
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err }, 'jobs vacuum failed'),
      )
      .finally(() => {
        this.vacuuming = null;
      });
    this.vacuuming = done;
  }

  /**
   * What a job's error leaves: RetryLaterError queues it again later without using an attempt;
   * PermanentJobError or the last attempt fails it for good (onFinalFailure first); anything else
   * queues it again after a backoff.
   */
  private async fail(row: HeldJob, definition: JobDefinition<unknown>, payload: unknown, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RetryLaterError) {
      await this.update(row, {
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
      await this.update(row, {
        state: 'failed',
        failedAt: this.clock.now(),
        lockedUntil: null,
        lastError: message,
      });
    } else {
      const backoff = Math.min(60_000, 500 * 2 ** (row.attempts - 1)) * (0.75 + Math.random() / 2);
      await this.update(row, {
        state: 'queued',
        lockedUntil: null,
        lastError: message,
        runAt: new Date(this.clock.now().getTime() + backoff),
      });
    }
  }

  /**
   * Claims what fits beside the jobs still running and starts them without waiting: a long job (an
   * import of 100,000 contacts) never holds up the sends queued behind it. A job (or a batch) ending
   * wakes the runner. Room is counted in jobs, so a batch of 30 leaves room for 20 more.
   */
  private async round(): Promise<boolean> {
    const room = BATCH - this.running();
    if (room <= 0) return false;
    const rows = await this.claim(room);
    for (const { run: started, jobs: held, name } of this.startAll(rows)) {
      const definition = this.definitions.get(name);
      // a batch that took all the room leaves more behind: the next one need not gather
      if (definition?.runBatch && definition.gatherMs && rows.length < room)
        this.gather(name, definition.gatherMs);
      const run = started
        .catch((err: unknown) => this.log.error({ err, job: name }, 'job bookkeeping failed'))
        .finally(() => {
          this.active.delete(run);
          this.wake();
        });
      this.active.set(run, held);
    }
    // Claiming again at once would find nothing: a claim that left room took every job it could, and
    // what comes after it wakes the runner (an enqueue, a batch's end, a gathering's timer, the poll).
    return false;
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
