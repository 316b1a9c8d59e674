import { WEBHOOK_MESSAGES as M, interpolate } from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { webhookEndpoints, webhookEvents } from '../../db/schema';
import { coalescer } from '../../lib/coalesce';
import { open } from '../../lib/secret-box';
import { WakeLoop } from '../../lib/wake-loop';
import { signatureHeader, WebhookPoster, type DeliveryOutcome } from './deliver';

/** Deliveries one process has in flight at most. */
const MAX_IN_FLIGHT = 64;
const POLL_MS = 250;
/** The longest pause between two attempts. */
const MAX_BACKOFF_MS = 4 * 60 * 60_000;

interface Claimed {
  id: string;
  account_id: string;
  owner_id: string;
  type: string;
  body: string;
  attempts: number;
  retry_until: Date | string;
}

/** An event its receiver answered with a 2xx: when, the status code and how long the POST took. */
interface Delivered {
  id: string;
  at: string;
  code: number;
  ms: number;
}

/** The delay before attempt `attempts + 1`: the base doubling, ±10 %, at most 4 h. */
export function backoffMs(baseMs: number, attempts: number): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.9 + Math.random() * 0.2));
}

/** What a failed attempt leaves in the log, in Indonesian. */
function describe(outcome: Extract<DeliveryOutcome, { ok: false }>, timeoutMs: number): string {
  switch (outcome.reason) {
    case 'status':
      return outcome.detail;
    case 'timeout':
      return interpolate(M.timeout, { seconds: Math.round(timeoutMs / 1000) });
    case 'blocked':
      return M.blockedTarget;
    default:
      return interpolate(M.connectFailed, { reason: outcome.detail });
  }
}

/**
 * Delivers stored webhook events (issue 26 part 3), in every process (claims skip what another holds):
 * at least once, a lane's (a chat's) events in order — an event is claimed only while no earlier event
 * of its lane is pending — with exponential backoff until 24 h after the event. An event still failing
 * then is 'failed', the webhook is turned off and its owner mailed (job 'webhook.disabled-mail').
 */
export class WebhookDispatcher {
  private readonly poster: WebhookPoster;
  private readonly loop: WakeLoop;
  private readonly inFlight = new Set<Promise<void>>();
  /** opened secrets by their sealed text (opening is AES; a secret changes only by rotation) */
  private readonly secrets = new Map<string, string>();
  /** events answered 200, marked delivered many at a statement (a busy number's are hundreds a second) */
  private readonly markDelivered = coalescer<Delivered, void>(
    async (batch) => {
      await this.writeDelivered(batch);
      return batch.map(() => undefined);
    },
    (one) => this.writeDelivered([one]),
  );

  constructor(private readonly ctx: AppContext) {
    this.loop = new WakeLoop(
      () => this.round(),
      POLL_MS,
      (err) => ctx.log.error({ err }, 'webhook dispatcher tick failed'),
    );
    this.poster = new WebhookPoster({
      allowPrivate: ctx.config.webhooks.allowPrivate,
      timeoutMs: ctx.config.webhooks.timeoutMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all([...this.inFlight]);
    this.poster.close();
  }

  /** Looks for due events now (after committing new ones). */
  wake(): void {
    this.loop.wake();
  }

  /** Claims what fits beside the deliveries in flight and starts them; each one ending wakes the loop. */
  private async round(): Promise<boolean> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0) return false;
    const rows = await this.claim(room);
    for (const started of this.deliverAll(rows)) {
      const run = started
        .catch((err: unknown) => this.ctx.log.error({ err }, 'webhook delivery bookkeeping failed'))
        .finally(() => {
          this.inFlight.delete(run);
          this.wake();
        });
      this.inFlight.add(run);
    }
    return rows.length > 0 && this.inFlight.size < MAX_IN_FLIGHT;
  }

  /** Claims and delivers the due events, awaiting them (tests drive it by hand). */
  async runDue(): Promise<number> {
    const rows = await this.claim(MAX_IN_FLIGHT);
    await Promise.all(this.deliverAll(rows));
    return rows.length;
  }

  /** The lane heads due now, held for the timeout and a margin (a dead process's hold expires). */
  private async claim(limit: number): Promise<Claimed[]> {
    const now = this.ctx.clock.now();
    const until = new Date(now.getTime() + this.ctx.config.webhooks.timeoutMs + 30_000);
    const e = webhookEvents;
    const result = (await this.ctx.db.execute(sql`
      update ${e} set locked_until = ${until}, attempts = ${e.attempts} + 1, last_attempt_at = ${now}
      where ${e.id} in (
        select head.id from ${e} head
        where head.status = 'pending' and head.next_attempt_at <= ${now}
          and (head.locked_until is null or head.locked_until < ${now})
          and not exists (
            select 1 from ${e} earlier
            where earlier.account_id = head.account_id and earlier.lane = head.lane
              and earlier.status = 'pending' and earlier.seq < head.seq
          )
        order by head.next_attempt_at, head.seq
        limit ${limit}
        for update skip locked
      )
      returning ${e.id}, ${e.accountId}, ${e.ownerId}, ${e.type}, ${e.body}, ${e.attempts}, ${e.retryUntil}`)) as unknown as {
      rows: Claimed[];
    };
    return result.rows;
  }

  private deliverAll(rows: Claimed[]): Promise<void>[] {
    if (!rows.length) return [];
    const endpoints = this.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.accountId, [...new Set(rows.map((r) => r.account_id))]));
    return rows.map((row) =>
      endpoints.then((found) =>
        this.deliver(
          row,
          found.find((x) => x.accountId === row.account_id),
        ),
      ),
    );
  }

  private secretOf(sealed: string): string {
    let secret = this.secrets.get(sealed);
    if (secret === undefined) {
      secret = open(this.ctx.config, sealed);
      if (this.secrets.size > 10_000) this.secrets.clear();
      this.secrets.set(sealed, secret);
    }
    return secret;
  }

  private async deliver(
    row: Claimed,
    endpoint: typeof webhookEndpoints.$inferSelect | undefined,
  ): Promise<void> {
    const { ctx } = this;
    if (!endpoint?.enabled) {
      await ctx.db
        .update(webhookEvents)
        .set({ status: 'failed', lockedUntil: null, lastError: M.disabledWhilePending })
        .where(eq(webhookEvents.id, row.id));
      return;
    }
    const outcome = await this.poster.post(endpoint.url, row.body, {
      'sapa-signature': signatureHeader(this.secretOf(endpoint.secretSealed), row.body, ctx.clock.now()),
      'sapa-event-id': row.id,
      'sapa-event-type': row.type,
    });
    const now = ctx.clock.now();
    if (outcome.ok) {
      await this.markDelivered({
        id: row.id,
        at: now.toISOString(),
        code: outcome.statusCode,
        ms: outcome.durationMs,
      });
      return;
    }
    const lastError = describe(outcome, ctx.config.webhooks.timeoutMs);
    const retryUntil = new Date(row.retry_until);
    if (now.getTime() >= retryUntil.getTime()) {
      await this.giveUp(row, endpoint, outcome, lastError);
      return;
    }
    const next = Math.min(
      now.getTime() + backoffMs(ctx.config.webhooks.retryBaseMs, row.attempts),
      retryUntil.getTime(),
    );
    await ctx.db
      .update(webhookEvents)
      .set({
        nextAttemptAt: new Date(next),
        lockedUntil: null,
        lastStatusCode: outcome.statusCode,
        lastError,
        lastDurationMs: outcome.durationMs,
      })
      .where(eq(webhookEvents.id, row.id));
  }

  /** Delivered events: their log rows in one statement. */
  private async writeDelivered(batch: readonly Delivered[]): Promise<void> {
    await this.ctx.db.execute(sql`update ${webhookEvents} e set status = 'delivered', delivered_at = v.at,
        locked_until = null, last_status_code = v.code, last_error = null, last_duration_ms = v.ms
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id text, at timestamptz, code int, ms int)
      where e.id = v.id`);
  }

  /**
   * The event's 24 h are over: it is 'failed', the webhook is turned off (its pending events fail
   * with it, each replayable from the log) and the owner is mailed once.
   */
  private async giveUp(
    row: Claimed,
    endpoint: typeof webhookEndpoints.$inferSelect,
    outcome: Extract<DeliveryOutcome, { ok: false }>,
    lastError: string,
  ): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now();
    const turnedOff = await ctx.db.transaction(async (tx) => {
      await tx
        .update(webhookEvents)
        .set({
          status: 'failed',
          lockedUntil: null,
          lastStatusCode: outcome.statusCode,
          lastError,
          lastDurationMs: outcome.durationMs,
        })
        .where(eq(webhookEvents.id, row.id));
      const off = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: now, disabledReason: M.disabledReason, updatedAt: now })
        .where(and(eq(webhookEndpoints.accountId, endpoint.accountId), eq(webhookEndpoints.enabled, true)))
        .returning({ accountId: webhookEndpoints.accountId });
      if (!off.length) return false;
      await tx
        .update(webhookEvents)
        .set({ status: 'failed', lockedUntil: null, lastError: M.disabledWhilePending })
        .where(and(eq(webhookEvents.accountId, endpoint.accountId), eq(webhookEvents.status, 'pending')));
      await ctx.jobs.enqueue(tx, 'webhook.disabled-mail', { accountId: endpoint.accountId });
      return true;
    });
    if (turnedOff) {
      ctx.log.warn({ accountId: endpoint.accountId }, 'webhook turned off: an event failed for 24 h');
      ctx.jobs.wake();
    }
  }
}
