import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { broadcastDays, broadcasts } from '../../../db/schema';
import { publishBroadcast } from './service';

/** The counters that also count per day (broadcast_days): pending and skipped do not. */
export const DAY_COUNTERS = ['sent', 'delivered', 'read', 'replied', 'failed', 'optedOut'] as const;
export type DayCounter = (typeof DAY_COUNTERS)[number];

/** What a change adds to one Asia/Jakarta day ('YYYY-MM-DD') of a broadcast. */
export interface DayDelta {
  day: string;
  delta: Partial<Record<DayCounter, number>>;
}

/** Adds the deltas of the same day together and drops those that add nothing. */
export function mergeDays(days: DayDelta[]): DayDelta[] {
  const byDay = new Map<string, Partial<Record<DayCounter, number>>>();
  for (const { day, delta } of days) {
    const into = byDay.get(day) ?? {};
    for (const key of DAY_COUNTERS) if (delta[key]) into[key] = (into[key] ?? 0) + delta[key];
    byDay.set(day, into);
  }
  return [...byDay.entries()]
    .filter(([, delta]) => DAY_COUNTERS.some((key) => delta[key]))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, delta]) => ({ day, delta }));
}

/**
 * Adds to a broadcast's counters in the caller's transaction, finishing it when nothing is left
 * pending, in one statement: every recipient's change of a broadcast updates this one row, so its
 * lock is held from here to the commit only (callers make this their transaction's last write).
 * `days` says on which days the change of sent, delivered, read, replied, failed and opted out
 * happened (each on its event's day; a count taken back, on the day it was added): they are added
 * to broadcast_days in the same transaction, so a broadcast's days always add up to its counters.
 */
export async function adjustCounters(
  tx: Tx,
  broadcastId: string,
  delta: Partial<
    Record<'pending' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'skipped' | 'optedOut', number>
  >,
  days: DayDelta[] = [],
): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) {
    if (!value) continue;
    const column = broadcasts[key as keyof typeof delta];
    set[key] = sql`${column} + ${value}`;
  }
  if (!Object.keys(set).length) return;
  // the reply listener reads the last moment a finished broadcast sent from here (tracking.ts)
  set.updatedAt = sql`now()`;
  if (delta.pending && delta.pending < 0) {
    const done = sql`${broadcasts.pending} + ${delta.pending} <= 0 and ${broadcasts.state} = 'running'`;
    set.state = sql`case when ${done} then 'finish' else ${broadcasts.state} end`;
    set.finishedAt = sql`case when ${done} then now() else ${broadcasts.finishedAt} end`;
  }
  const [row] = await tx
    .update(broadcasts)
    .set(set)
    .where(eq(broadcasts.id, broadcastId))
    .returning({ ownerId: broadcasts.ownerId });
  if (row) await addDays(tx, broadcastId, row.ownerId, days);
}

/** Adds to a broadcast's days (in the caller's transaction, after its counters' row is locked). */
export async function addDays(tx: Tx, broadcastId: string, ownerId: string, days: DayDelta[]): Promise<void> {
  const merged = mergeDays(days);
  if (!merged.length) return;
  const add = (column: (typeof broadcastDays)[DayCounter]) =>
    sql`${column} + excluded.${sql.identifier(column.name)}`;
  await tx
    .insert(broadcastDays)
    .values(
      merged.map(({ day, delta }) => ({
        broadcastId,
        ownerId,
        day,
        sent: delta.sent ?? 0,
        delivered: delta.delivered ?? 0,
        read: delta.read ?? 0,
        replied: delta.replied ?? 0,
        failed: delta.failed ?? 0,
        optedOut: delta.optedOut ?? 0,
      })),
    )
    .onConflictDoUpdate({
      target: [broadcastDays.broadcastId, broadcastDays.day],
      set: {
        sent: add(broadcastDays.sent),
        delivered: add(broadcastDays.delivered),
        read: add(broadcastDays.read),
        replied: add(broadcastDays.replied),
        failed: add(broadcastDays.failed),
        optedOut: add(broadcastDays.optedOut),
      },
    });
}

// ------------------------------------------------------------------------------------------------
// broadcast.updated, throttled: a broadcast sending 500 messages a second changes that often, its
// screens need a few frames a second. The state after the last change always goes out.

const PUBLISH_EVERY_MS = 400;
const dirty = new WeakMap<AppContext['bus'], Map<string, string>>();
const timers = new WeakMap<AppContext['bus'], NodeJS.Timeout>();

/** Marks a broadcast changed: its screens get broadcast.updated within PUBLISH_EVERY_MS. */
export function changed(ctx: AppContext, ownerId: string, broadcastId: string): void {
  let pending = dirty.get(ctx.bus);
  if (!pending) dirty.set(ctx.bus, (pending = new Map()));
  pending.set(broadcastId, ownerId);
  if (timers.has(ctx.bus)) return;
  const timer = setTimeout(() => {
    timers.delete(ctx.bus);
    const batch = [...pending.entries()];
    pending.clear();
    for (const [id, owner] of batch)
      publishBroadcast(ctx, owner, id).catch((err) =>
        ctx.log.error({ err, broadcastId: id }, 'broadcast publish failed'),
      );
  }, PUBLISH_EVERY_MS);
  timer.unref();
  timers.set(ctx.bus, timer);
}
