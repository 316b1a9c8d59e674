import { formatDateLong, formatDateShort, formatListTime } from '@sapa/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** HH:mm in local time, as under each bubble; '' for an unreadable date. */
export function formatClock(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The time in a chat row. The spec asks for both 'DD/MM/YY' in the row and 'HH:mm today,
 * otherwise DD/MM/YYYY HH:mm' in the list; the row reads them together: HH:mm for today, DD/MM/YY
 * for other days, with the full DD/MM/YYYY HH:mm as the title.
 */
export function formatRowTime(value: string, now: Date = new Date()): { text: string; title: string } {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return { text: '', title: '' };
  const full = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${formatClock(value)}`;
  return { text: sameDay(d, now) ? formatListTime(d, now) : formatDateShort(d), title: full };
}

/** The day separator between messages: 'Hari ini', 'Kemarin', else DD MMMM YYYY. */
export function dayLabel(value: string, now: Date = new Date()): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  if (sameDay(d, now)) return 'Hari ini';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(d, yesterday)) return 'Kemarin';
  return formatDateLong(d);
}

/** A local calendar day, to tell when a separator is due. */
export function dayKey(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
