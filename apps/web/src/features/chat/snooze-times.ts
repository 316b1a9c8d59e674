import { formatDateTimeLong } from '@sapa/contracts';

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The Jakarta wall clock of an instant, as a UTC date whose UTC fields read it. */
function wall(at: number): Date {
  return new Date(at + WIB_OFFSET_MS);
}

/** The instant of a Jakarta wall-clock day (UTC fields of `day`) at hh:00. */
function atWib(day: Date, hour: number): number {
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour) - WIB_OFFSET_MS;
}

export interface SnoozeChoice {
  key: 'hour' | 'tomorrow' | 'week';
  label: string;
  /** ISO time in UTC */
  until: string;
}

/**
 * The quick snooze times, in Asia/Jakarta: in one hour, tomorrow at 09:00 and next Monday at 09:00
 * (a Monday also goes to the Monday after).
 */
export function snoozeChoices(now: number = Date.now()): SnoozeChoice[] {
  const today = wall(now);
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const toMonday = ((8 - today.getUTCDay()) % 7 || 7) * DAY_MS;
  const monday = new Date(today.getTime() + toMonday);
  return [
    { key: 'hour', label: '1 jam', until: new Date(now + HOUR_MS).toISOString() },
    { key: 'tomorrow', label: 'Besok, 09:00', until: new Date(atWib(tomorrow, 9)).toISOString() },
    { key: 'week', label: 'Senin depan, 09:00', until: new Date(atWib(monday, 9)).toISOString() },
  ];
}

/** '05 Januari 2026 09:00 WIB': a time as people in Indonesia read it; '' for none. */
export function formatWib(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const w = wall(at);
  // a date whose local fields read the Jakarta wall clock, for the contracts' formatter
  const local = new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
  );
  return `${formatDateTimeLong(local)} WIB`;
}

/** A date-time input's 'YYYY-MM-DDTHH:mm' read in Asia/Jakarta, as ISO; null when empty or unreadable. */
export function wibInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(`${value}:00+07:00`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** An instant as a date-time input's value in Asia/Jakarta. */
export function isoToWibInput(at: number): string {
  return wall(at).toISOString().slice(0, 16);
}
