import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { broadcasts } from '../../../db/schema';
import { publishBroadcast } from './service';

/**
 * Adds to a broadcast's counters in the caller's transaction, finishing it when nothing is left
 * pending, in one statement: every recipient's change of a broadcast updates this one row, so its
 * lock is held from here to the commit only (callers make this their transaction's last write).
 */
export async function adjustCounters(
  tx: Tx,
  broadcastId: string,
  delta: Partial<
    Record<'pending' | 'sent' | 'delivered' | 'read' | 'replied' | 'failed' | 'skipped' | 'optedOut', number>
  >,
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
  await tx.update(broadcasts).set(set).where(eq(broadcasts.id, broadcastId));
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
