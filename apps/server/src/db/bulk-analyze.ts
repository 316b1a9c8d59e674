import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';

/**
 * PostgreSQL plans every query from the table's statistics, and a cached plan lives until they
 * change. A broadcast to 10,000 new numbers writes 10,000 chats in seconds; until autovacuum's next
 * analyze (a minute or more later) the inbox list of that tenant ran on a plan made for the table
 * as it was (measured in bench/broadcast.ts: p95 135-204 ms over 10,000 chats instead of ~20 ms, the
 * plan joining and sorting every chat of the tenant instead of reading the first page from the
 * index). The usual advice after a bulk load is ANALYZE; this is it, done when rows written in bulk
 * since the last one reach a fifth of the table (at least MIN_ROWS), one at a time per table.
 */
const MIN_ROWS = 1000;
const SHARE = 0.2;

type TableState = { written: number; estimate: number | null; running: boolean };
const states = new WeakMap<Db, Map<string, TableState>>();

/** Notes `rows` written in bulk to `table` (a name from our schema, never user input). */
export function wroteInBulk(db: Db, log: FastifyBaseLogger, table: 'chats', rows: number): void {
  let byTable = states.get(db);
  if (!byTable) states.set(db, (byTable = new Map()));
  let state = byTable.get(table);
  if (!state) byTable.set(table, (state = { written: 0, estimate: null, running: false }));
  state.written += rows;
  if (state.running || state.written < MIN_ROWS) return;
  const current = state;
  current.running = true;
  void (async () => {
    if (current.estimate === null) current.estimate = await estimate(db, table);
    if (current.written < Math.max(MIN_ROWS, current.estimate * SHARE)) return;
    current.written = 0;
    await db.execute(sql.raw(`analyze ${table}`));
    current.estimate = await estimate(db, table);
  })()
    .catch((err: unknown) => log.warn({ err, table }, 'analyze after a bulk write failed'))
    .finally(() => {
      current.running = false;
    });
}

async function estimate(db: Db, table: string): Promise<number> {
  const result = (await db.execute(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass(${table})`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
