import type { BusinessDay } from '@sapa/contracts';

/** Asia/Jakarta (WIB) is UTC+7 all year: no daylight saving since 1964. */
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls inside the business hours (Jakarta time): open <= time < close on its weekday. */
export function isOpenAt(hours: readonly BusinessDay[], at: Date): boolean {
  const local = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  const day = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return hours.some((h) => h.day === day && minutes(h.open) <= minute && minute < minutes(h.close));
}

/**
 * When business hours last closed at or before `at` (the start of the closed period `at` is in, if it
 * is outside hours); null when there are no hours at all (always closed). The away message is sent
 * once per conversation per closed period, keyed by this moment.
 */
export function lastClosedAt(hours: readonly BusinessDay[], at: Date): Date | null {
  if (!hours.length) return null;
  const local = at.getTime() + JAKARTA_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  let latest: number | null = null;
  // today and the seven days before: every weekday's last closing is among them
  for (let back = 0; back <= 7; back++) {
    const dayStart = midnight - back * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    for (const h of hours) {
      if (h.day !== weekday) continue;
      const close = dayStart + minutes(h.close) * 60_000 - JAKARTA_OFFSET_MS;
      if (close <= at.getTime() && (latest === null || close > latest)) latest = close;
    }
  }
  return latest === null ? null : new Date(latest);
}

/** Senin..Minggu order for storing and showing (Minggu = 0 goes last). */
export function sortDays(hours: readonly BusinessDay[]): BusinessDay[] {
  return [...hours].sort((a, b) => ((a.day + 6) % 7) - ((b.day + 6) % 7));
}
