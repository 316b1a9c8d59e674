import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  PUBLICATION_MESSAGES as M,
  reportMonth,
  type BroadcastCounts,
  type BroadcastPeriodReport,
  type BroadcastReport,
  type ReportBroadcastRow,
  type ReportDay,
  type ReportFigures,
  type ReportPeriodQuery,
} from '@sapa/contracts';
import type { AppContext } from '../../context';
import { broadcastDays, broadcastRecipients, broadcasts } from '../../db/schema';
import { textArray } from '../../db/sql';
import { AppError } from '../../lib/errors';
import type { Actor } from '../auth/actor';

type BroadcastRow = typeof broadcasts.$inferSelect;

const COUNT_KEYS = [
  'total',
  'pending',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'skipped',
  'optedOut',
] as const;

const ZERO_COUNTS: BroadcastCounts = {
  total: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  skipped: 0,
  optedOut: 0,
};

function countsOf(row: BroadcastRow): BroadcastCounts {
  return Object.fromEntries(COUNT_KEYS.map((key) => [key, row[key]])) as BroadcastCounts;
}

function toRow(row: BroadcastRow): ReportBroadcastRow {
  return {
    _id: row.id,
    name: row.name,
    state: row.state as ReportBroadcastRow['state'],
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    counts: countsOf(row),
  };
}

/** Whole percents, rounded down; 0 of nothing is 0. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.floor((part * 100) / whole) : 0);

/** The rates of a set of counts: delivered, read and replied of the sent; failed and opted out of the total. */
export function ratesOf(counts: BroadcastCounts): ReportFigures['rates'] {
  return {
    delivered: percent(counts.delivered, counts.sent),
    read: percent(counts.read, counts.sent),
    replied: percent(counts.replied, counts.sent),
    failed: percent(counts.failed, counts.total),
    optedOut: percent(counts.optedOut, counts.total),
  };
}

/**
 * The failed recipients of some broadcasts by reason, most first: the one place a report reads
 * recipient rows, the failed ones only, through broadcast_recipients_state_idx (broadcast, state).
 */
async function failureReasons(
  ctx: AppContext,
  broadcastIds: string[],
): Promise<ReportFigures['failureReasons']> {
  if (!broadcastIds.length) return [];
  const result = (await ctx.db.execute(sql`select coalesce(${broadcastRecipients.reason}, '-') as reason,
      count(*)::int as count
    from ${broadcastRecipients}
    where ${broadcastRecipients.broadcastId} = any(${textArray(broadcastIds)})
      and ${broadcastRecipients.state} = 'failed'
    group by 1 order by 2 desc, 1`)) as unknown as { rows: { reason: string; count: number }[] };
  return result.rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
}

const daySums = {
  day: broadcastDays.day,
  sent: sql<number>`sum(${broadcastDays.sent})::int`,
  delivered: sql<number>`sum(${broadcastDays.delivered})::int`,
  read: sql<number>`sum(${broadcastDays.read})::int`,
  replied: sql<number>`sum(${broadcastDays.replied})::int`,
  failed: sql<number>`sum(${broadcastDays.failed})::int`,
};

const emptyDay = (day: string): ReportDay => ({ day, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 });

/** Every day of `days`, with what the rows say happened on it (0 on the others). */
function fillDays(days: string[], rows: ReportDay[]): ReportDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const row = byDay.get(day);
    return row
      ? {
          day,
          sent: Number(row.sent),
          delivered: Number(row.delivered),
          read: Number(row.read),
          replied: Number(row.replied),
          failed: Number(row.failed),
        }
      : emptyDay(day);
  });
}

/** The days from `first` to `last` ('YYYY-MM-DD'), both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * GET /report/broadcast?year&month: the broadcasts made in that Asia/Jakarta month (newest first),
 * their totals, rates and failure reasons, and for each day of the month what happened to them that
 * day. Totals come from the broadcasts' counters and days from broadcast_days; a broadcast made on
 * the month's last evening whose sends run into the next month counts in its month's totals, and its
 * next-month days are not in this month's chart.
 */
export async function broadcastPeriodReport(
  ctx: AppContext,
  actor: Actor,
  query: ReportPeriodQuery,
): Promise<BroadcastPeriodReport> {
  const { from, to, days } = reportMonth(query.year, query.month);
  const inPeriod = and(
    eq(broadcasts.ownerId, actor.ownerId),
    gte(broadcasts.createdAt, from),
    lt(broadcasts.createdAt, to),
  );
  const [rows, dayRows] = await Promise.all([
    ctx.db.select().from(broadcasts).where(inPeriod).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)),
    ctx.db
      .select(daySums)
      .from(broadcastDays)
      .innerJoin(broadcasts, eq(broadcasts.id, broadcastDays.broadcastId))
      .where(and(inPeriod, gte(broadcastDays.day, days[0]!), lte(broadcastDays.day, days.at(-1)!)))
      .groupBy(broadcastDays.day),
  ]);
  const counts = { ...ZERO_COUNTS };
  for (const row of rows) for (const key of COUNT_KEYS) counts[key] += row[key];
  return {
    year: query.year,
    month: query.month,
    counts,
    rates: ratesOf(counts),
    failureReasons: await failureReasons(
      ctx,
      rows.filter((r) => r.failed > 0).map((r) => r.id),
    ),
    days: fillDays(days, dayRows),
    broadcasts: rows.map(toRow),
  };
}

/** The tenant's broadcast, or 404 (another tenant's id included). */
export async function requireBroadcast(ctx: AppContext, actor: Actor, id: string): Promise<BroadcastRow> {
  const [row] = await ctx.db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), eq(broadcasts.ownerId, actor.ownerId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

/** GET /report/broadcast/{id}: its figures, and its days from the first to the last with anything. */
export async function broadcastReport(ctx: AppContext, actor: Actor, id: string): Promise<BroadcastReport> {
  const row = await requireBroadcast(ctx, actor, id);
  const [dayRows, reasons] = await Promise.all([
    ctx.db
      .select(daySums)
      .from(broadcastDays)
      .where(eq(broadcastDays.broadcastId, id))
      .groupBy(broadcastDays.day)
      .orderBy(asc(broadcastDays.day)),
    row.failed > 0 ? failureReasons(ctx, [id]) : Promise.resolve([]),
  ]);
  const counts = countsOf(row);
  return {
    broadcast: toRow(row),
    counts,
    rates: ratesOf(counts),
    failureReasons: reasons,
    days: dayRows.length ? fillDays(daysBetween(dayRows[0]!.day, dayRows.at(-1)!.day), dayRows) : [],
  };
}
