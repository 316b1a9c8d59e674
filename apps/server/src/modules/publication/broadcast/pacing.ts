import { and, eq, gt, sql } from 'drizzle-orm';
import { BROADCAST_PACING } from '@sapa/contracts';
import type { AppContext } from '../../../context';
import { accounts, rateEvents } from '../../../db/schema';
import type { AccountRow } from '../../../channels/connector';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const JAKARTA_OFFSET_MS = 7 * HOUR_MS;

/**
 * How one sender number sends broadcasts (issue 20 part 3): a random gap between messages, hourly
 * and daily caps (a number linked in the last days warms up with smaller daily caps), and active
 * hours in Asia/Jakarta outside which nothing is sent. Inbox replies keep their own pacing
 * (channels/whatsapp-web/pacing.ts) on top: a broadcast message is also a send of that number.
 */
export interface BulkPacing {
  minGapMs: number;
  maxGapMs: number;
  hourlyCap: number;
  dailyCap: number;
  /** minutes after midnight in Asia/Jakarta; null: any time */
  activeFrom: number | null;
  activeTo: number | null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The simulated number sends quickly at any hour, so a broadcast can be watched end to end in a
 * minute; caps still hold. It plays a real number's rules everywhere else (restriction, opt-out,
 * numbers not on WhatsApp).
 */
export const SANDBOX_PACING: BulkPacing = {
  minGapMs: 300,
  maxGapMs: 1200,
  hourlyCap: 2000,
  dailyCap: 20_000,
  activeFrom: null,
  activeTo: null,
};

/** The pacing of a sender now, or null when pacing is off (SAPA_BROADCAST_PACING=0, load tests). */
export function pacingOf(ctx: AppContext, account: AccountRow): BulkPacing | null {
  if (!ctx.config.broadcastPacing) return null;
  if (account.provider === 'sandbox') return SANDBOX_PACING;
  const p = BROADCAST_PACING;
  let dailyCap: number = p.dailyCap;
  if (account.linkedAt) {
    const day = Math.floor((ctx.clock.now().getTime() - account.linkedAt.getTime()) / DAY_MS);
    if (day >= 0 && day < p.warmUpDays) dailyCap = Math.min(dailyCap, p.warmUpDailyCaps[day] ?? dailyCap);
  }
  return {
    minGapMs: p.minGapMs,
    maxGapMs: p.maxGapMs,
    hourlyCap: p.hourlyCap,
    dailyCap,
    activeFrom: minutesOf(p.activeFrom),
    activeTo: minutesOf(p.activeTo),
  };
}

/** When the active hours start next after `now` (now itself when inside them). */
export function nextActiveTime(now: Date, pacing: BulkPacing): Date {
  if (pacing.activeFrom === null || pacing.activeTo === null) return now;
  const local = now.getTime() + JAKARTA_OFFSET_MS;
  const minute = Math.floor((local % DAY_MS) / MINUTE_MS);
  if (minute >= pacing.activeFrom && minute < pacing.activeTo) return now;
  const dayStart = local - (local % DAY_MS);
  const startToday = dayStart + pacing.activeFrom * MINUTE_MS;
  const start = minute < pacing.activeFrom ? startToday : startToday + DAY_MS;
  return new Date(start - JAKARTA_OFFSET_MS);
}

/** The rate_events key of a number's broadcast messages (one row a message, kept a day). */
const bulkKey = (accountId: string) => `wa-bulk:${accountId}`;

export type SlotOutcome = { ok: true } | { ok: false; retryAt: Date };

/**
 * Takes this sender's next broadcast slot now, or says when to come back: outside active hours, over
 * the hourly or daily cap, or before the gap since its last broadcast message has passed. Taken under
 * the account row's lock, so however many dispatchers run (in one process or several) the gaps and
 * caps hold. A slot taken is counted against the caps (a rate_events row).
 */
export async function takeBulkSlot(
  ctx: AppContext,
  accountId: string,
  pacing: BulkPacing,
): Promise<SlotOutcome> {
  const now = ctx.clock.now();
  const active = nextActiveTime(now, pacing);
  if (active > now) return { ok: false, retryAt: active };
  return ctx.db.transaction(async (tx): Promise<SlotOutcome> => {
    const [account] = await tx
      .select({ bulkNextAt: accounts.bulkNextAt })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) return { ok: false, retryAt: new Date(now.getTime() + HOUR_MS) };
    if (account.bulkNextAt && account.bulkNextAt > now) return { ok: false, retryAt: account.bulkNextAt };
    const [counts] = await tx
      .select({
        day: sql<number>`count(*)::int`,
        hour: sql<number>`(count(*) filter (where ${rateEvents.createdAt} > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz))::int`,
        firstInDay: sql<string | null>`min(${rateEvents.createdAt})::text`,
        firstInHour: sql<
          string | null
        >`(min(${rateEvents.createdAt}) filter (where ${rateEvents.createdAt} > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz))::text`,
      })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.key, bulkKey(accountId)),
          gt(rateEvents.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((counts?.day ?? 0) >= pacing.dailyCap && counts?.firstInDay)
      return { ok: false, retryAt: new Date(new Date(counts.firstInDay).getTime() + DAY_MS + 1000) };
    if ((counts?.hour ?? 0) >= pacing.hourlyCap && counts?.firstInHour)
      return { ok: false, retryAt: new Date(new Date(counts.firstInHour).getTime() + HOUR_MS + 1000) };
    const gap = pacing.minGapMs + Math.floor(Math.random() * (pacing.maxGapMs - pacing.minGapMs + 1));
    await tx
      .update(accounts)
      .set({ bulkNextAt: new Date(now.getTime() + gap) })
      .where(eq(accounts.id, accountId));
    await tx.insert(rateEvents).values({ key: bulkKey(accountId), createdAt: now });
    return { ok: true };
  });
}

/**
 * About how long sending `recipients` messages takes at these senders' pacing, in seconds: the
 * recipients shared across the senders, each at its average gap or its hourly cap, whichever is
 * slower, plus a night for every daily cap's worth. Zero when pacing is off.
 */
export function estimateSeconds(recipients: number, pacings: (BulkPacing | null)[]): number {
  if (!recipients || !pacings.length) return 0;
  const perSender = Math.ceil(recipients / pacings.length);
  let longest = 0;
  for (const pacing of pacings) {
    if (!pacing) continue;
    const each = Math.max((pacing.minGapMs + pacing.maxGapMs) / 2, HOUR_MS / pacing.hourlyCap) / 1000;
    const nights = Math.floor((perSender - 1) / pacing.dailyCap);
    const activeSeconds =
      pacing.activeFrom === null || pacing.activeTo === null
        ? 0
        : (24 * 60 - (pacing.activeTo - pacing.activeFrom)) * 60;
    longest = Math.max(longest, perSender * each + nights * activeSeconds);
  }
  return Math.round(longest);
}
