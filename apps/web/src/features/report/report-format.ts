import { MONTHS_ID } from '@sapa/contracts';
import type { ReportPeriod } from '../../resources/report/report-queries';

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
const WIB_OFFSET_MS = 7 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** '1.250' (Indonesian thousands). */
export function formatCount(n: number): string {
  return n.toLocaleString('id-ID');
}

/** The month it is now in Asia/Jakarta: a report's default period. */
export function currentPeriod(now: Date = new Date()): ReportPeriod {
  const wib = new Date(now.getTime() + WIB_OFFSET_MS);
  return { year: wib.getUTCFullYear(), month: wib.getUTCMonth() + 1 };
}

/**
 * The period in the address (`?year=2026&month=3`), the current Jakarta month for what is missing or
 * not among the offered years and months.
 */
export function readPeriod(
  params: URLSearchParams,
  years: readonly number[],
  now: Date = new Date(),
): ReportPeriod {
  const fallback = currentPeriod(now);
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  return {
    year: years.includes(year) ? year : fallback.year,
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : fallback.month,
  };
}

/** 'Maret 2026'. */
export function formatPeriod(period: ReportPeriod): string {
  return `${MONTHS_ID[period.month - 1] ?? ''} ${period.year}`;
}

/** An ISO time as DD/MM/YYYY HH:mm in Asia/Jakarta; '-' for none. */
export function formatWibDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '-';
  const d = new Date(at + WIB_OFFSET_MS);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A chart day 'YYYY-MM-DD' on its axis: '5 Mar'. */
export function formatDayShort(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${d ?? ''} ${(MONTHS_ID[(m ?? 1) - 1] ?? '').slice(0, 3)}`;
}

/** A chart day 'YYYY-MM-DD' in a table: '05 Maret 2026'. */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${pad(d ?? 0)} ${MONTHS_ID[(m ?? 1) - 1] ?? ''} ${y ?? ''}`;
}

/** A status text in a table cell: its first line, cut at `max` characters. */
export function excerpt(text: string, max = 60): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
