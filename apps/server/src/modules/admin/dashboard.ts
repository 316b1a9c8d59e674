import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '@sapa/contracts';
import type { AppContext } from '../../context';
import { accounts, affiliateWithdrawals, messages, statsDaily, transactions, users } from '../../db/schema';
import { textArray } from '../../db/sql';

/**
 * The operators' dashboard (issue 23): figures over every tenant, so it reads the tables of several
 * modules (users, billing, accounts, chat) for counts only. Each figure is one statement (or shares
 * one), indexed but for the numbers by channel (a scan of accounts: no index of theirs fits); the
 * statements run side by side on the pool.
 *
 * Days and months are Asia/Jakarta's: UTC+7 all year (no daylight saving), so a boundary is the UTC
 * instant 7 hours before midnight of its date.
 */

/** Asia/Jakarta is UTC+7 all year. */
const JAKARTA_OFFSET_MS = 7 * 3600_000;
const DAY_MS = 86_400_000;
/** messagesPerDay: today and the 29 days before it */
export const DASHBOARD_DAYS = 30;
/** revenue.months: this month and the 11 before it */
export const DASHBOARD_MONTHS = 12;

/** The Jakarta date of an instant, 'YYYY-MM-DD'. */
export const jakartaDayOf = (instant: Date): string =>
  new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Jakarta day ('YYYY-MM-DD') starts, `plusDays` later. */
const dayStart = (day: string, plusDays = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00+07:00`) + plusDays * DAY_MS);

/** The instant a Jakarta month starts (`monthIndex` may run below 0 or past 11, as Date.UTC takes it). */
const monthStart = (year: number, monthIndex: number): Date =>
  new Date(Date.UTC(year, monthIndex, 1) - JAKARTA_OFFSET_MS);

/** 'YYYY-MM' of the Jakarta month starting at `start` (an instant from monthStart). */
const monthKey = (start: Date): string =>
  new Date(start.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 7);

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

type Rows<T> = { rows: T[] };
const count = (value: unknown): number => Number(value ?? 0);

/** Owners: all of them, new since the month began, and whose subscription runs (paid or trial). */
async function ownerFigures(ctx: AppContext, now: Date, thisMonth: Date) {
  // the running subscriptions through users_subscription_idx; the totals by index-only scans (the
  // month's new owners over users_created_idx)
  const result = (await ctx.db.execute(sql`
    select
      (select count(*) from ${users}) as total,
      (select count(*) from ${users} where ${users.createdAt} >= ${at(thisMonth)}) as new_this_month,
      count(*) filter (where ${users.subscriptionPlan} is not null) as active,
      -- as the users page counts them: running without a paid plan (a trial, or time an operator gave)
      count(*) filter (where ${users.subscriptionPlan} is null) as trial
    from ${users}
    where ${users.subscriptionExpiresAt} > ${at(now)}`)) as unknown as Rows<{
    total: string;
    new_this_month: string;
    active: string;
    trial: string;
  }>;
  const row = result.rows[0];
  return {
    owners: { total: count(row?.total), newThisMonth: count(row?.new_this_month) },
    subscriptions: { active: count(row?.active), trial: count(row?.trial) },
  };
}

/**
 * Paid totals by the Jakarta month of their payment, the last DASHBOARD_MONTHS months: each payment
 * falls in its month by width_bucket over the months' starts (a binary search, several times cheaper a
 * row than formatting its date). The status is written into the statement (not a parameter) so that
 * it matches transactions_paid_idx's predicate.
 */
async function revenueFigures(ctx: AppContext, months: Date[], end: Date) {
  const bounds = [...months, end].map((d) => d.toISOString());
  const result = (await ctx.db.execute(sql`
    select width_bucket(${transactions.paidAt}, ${sql.param(bounds)}::timestamptz[]) as bucket,
      sum(${transactions.total}) as total
    from ${transactions}
    where ${transactions.status} = 'paid'
      and ${transactions.paidAt} >= ${at(months[0]!)} and ${transactions.paidAt} < ${at(end)}
    group by 1`)) as unknown as Rows<{ bucket: number; total: string }>;
  // bucket i (1-based) holds the payments from months[i - 1] to the next month's start
  const totals = new Map(result.rows.map((r) => [Number(r.bucket), count(r.total)]));
  const list = months.map((start, i) => ({ month: monthKey(start), total: totals.get(i + 1) ?? 0 }));
  return { thisMonth: list[list.length - 1]?.total ?? 0, months: list };
}

/**
 * What waits for an operator: bank transfers with a proof inside their payment window (through
 * transactions_pending_idx), and affiliate withdrawals requested or approved but not paid.
 */
async function pendingFigures(ctx: AppContext, now: Date) {
  const result = (await ctx.db.execute(sql`
    select
      (select count(*) from ${transactions}
        where ${transactions.status} = 'pending' and ${transactions.paymentExpiresAt} > ${at(now)}
          and ${transactions.method} = 'bank_transfer' and ${transactions.proofKey} is not null
      ) as transfers,
      (select count(*) from ${affiliateWithdrawals}
        where ${affiliateWithdrawals.status} in ('requested', 'approved')) as withdrawals`)) as unknown as Rows<{
    transfers: string;
    withdrawals: string;
  }>;
  const row = result.rows[0];
  return { pendingTransfers: count(row?.transfers), pendingWithdrawals: count(row?.withdrawals) };
}

/**
 * Owners' numbers by channel, removed ones left out (as the users page counts an owner's numbers: the
 * sandbox number every owner gets at registration is one of them); disconnected: any not 'connected'.
 * One pass over accounts.
 */
async function numberFigures(ctx: AppContext) {
  const result = (await ctx.db.execute(sql`
    select
      count(*) filter (where ${accounts.type} = 'whatsapp') as whatsapp,
      count(*) filter (where ${accounts.type} = 'instagram') as instagram,
      count(*) filter (where ${accounts.type} = 'messenger') as messenger,
      count(*) filter (where ${accounts.status} <> 'connected') as disconnected
    from ${accounts}
    where ${accounts.deletedAt} is null`)) as unknown as Rows<
    Record<'whatsapp' | 'instagram' | 'messenger' | 'disconnected', string>
  >;
  const row = result.rows[0];
  return {
    whatsapp: count(row?.whatsapp),
    instagram: count(row?.instagram),
    messenger: count(row?.messenger),
    disconnected: count(row?.disconnected),
  };
}

/**
 * Counts closed days missing from stats_daily (each through messages_created_brin_idx over its
 * 24 hours) and keeps them: a closed day is counted once. Another process counting the same day at
 * the same time keeps the same figure (the first write stays).
 */
async function fillClosedDays(ctx: AppContext, days: string[], now: Date): Promise<Map<string, number>> {
  const result = (await ctx.db.execute(sql`
    with wanted as (
      select day, (day || 'T00:00:00+07:00')::timestamptz as starts from unnest(${textArray(days)}) as day
    ),
    counted as (
      select w.day, (select count(*) from ${messages} m
        where m.created_at >= w.starts and m.created_at < w.starts + interval '24 hours') as messages
      from wanted w
    ),
    kept as (
      insert into ${statsDaily} (day, messages, computed_at)
      select day, messages, ${at(now)} from counted
      on conflict (day) do nothing
    )
    select day, messages from counted`)) as unknown as Rows<{ day: string; messages: string }>;
  return new Map(result.rows.map((r) => [r.day, count(r.messages)]));
}

/**
 * Messages stored per Jakarta day, the last DASHBOARD_DAYS days oldest first: closed days from
 * stats_daily (counted once when missing), today counted live through the BRIN index.
 */
async function messageFigures(ctx: AppContext, now: Date) {
  const today = jakartaDayOf(now);
  const todayStart = dayStart(today);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    jakartaDayOf(dayStart(today, i - DASHBOARD_DAYS + 1)),
  );
  const closed = days.slice(0, -1);
  const [kept, live] = await Promise.all([
    ctx.db
      .select({ day: statsDaily.day, messages: statsDaily.messages })
      .from(statsDaily)
      .where(sql`${statsDaily.day} >= ${closed[0]!} and ${statsDaily.day} < ${today}`),
    ctx.db.execute(sql`
      select count(*) as messages from ${messages}
      where ${messages.createdAt} >= ${at(todayStart)} and ${messages.createdAt} < ${at(dayStart(today, 1))}`),
  ]);
  const counts = new Map(kept.map((r) => [r.day, count(r.messages)]));
  const missing = closed.filter((day) => !counts.has(day));
  if (missing.length) for (const [day, n] of await fillClosedDays(ctx, missing, now)) counts.set(day, n);
  counts.set(today, count((live as unknown as Rows<{ messages: string }>).rows[0]?.messages));
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
}

/** The figures being computed in this process, if any (see getDashboard). */
const computing = new WeakMap<AppContext, Promise<AdminDashboard>>();

/**
 * GET /admin/dashboard: the figures at a glance for operators. Requests arriving while the figures
 * are being computed share that computation rather than starting another beside it: their answer is
 * at most one computation (tens of ms) older than the request, and however many operators (or
 * retries) ask at once, the database counts the figures once at a time per process. Nothing is kept
 * once it is answered: the next request counts again.
 */
export function getDashboard(ctx: AppContext): Promise<AdminDashboard> {
  const running = computing.get(ctx);
  if (running) return running;
  const work = computeDashboard(ctx).finally(() => computing.delete(ctx));
  computing.set(ctx, work);
  return work;
}

async function computeDashboard(ctx: AppContext): Promise<AdminDashboard> {
  const now = ctx.clock.now();
  const local = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  const [year, month] = [local.getUTCFullYear(), local.getUTCMonth()];
  const months = Array.from({ length: DASHBOARD_MONTHS }, (_, i) =>
    monthStart(year, month - DASHBOARD_MONTHS + 1 + i),
  );
  const thisMonth = months[months.length - 1]!;
  const [owners, revenue, pending, numbers, messagesPerDay] = await Promise.all([
    ownerFigures(ctx, now, thisMonth),
    revenueFigures(ctx, months, monthStart(year, month + 1)),
    pendingFigures(ctx, now),
    numberFigures(ctx),
    messageFigures(ctx, now),
  ]);
  return { ...owners, revenue, ...pending, numbers, messagesPerDay };
}
