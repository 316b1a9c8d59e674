import { MONTHS_ID } from '@sapa/contracts';
import { wibWallClock } from '../../lib/wib-time';

/** 1234567 as '1.234.567', the Indonesian grouping, whatever the browser's locale. */
export function formatCount(n: number): string {
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** A 'YYYY-MM' month as 'Jan 2026' (short: the chart's axis and the table) or 'Januari 2026'. */
export function formatMonth(month: string, long = false): string {
  const [year, m] = month.split('-');
  const name = MONTHS_ID[Number(m) - 1];
  if (!year || !name) return month;
  return `${long ? name : name.slice(0, 3)} ${year}`;
}

/** A 'YYYY-MM-DD' day as 'DD/MM'. */
export function formatDay(day: string): string {
  const [, m, d] = day.split('-');
  return m && d ? `${d}/${m}` : day;
}

/** A 'YYYY-MM-DD' day as 'DD MMMM YYYY', for the table and the tooltip. */
export function formatDayLong(day: string): string {
  const [y, m, d] = day.split('-');
  const name = MONTHS_ID[Number(m) - 1];
  return y && d && name ? `${d} ${name} ${y}` : day;
}

const decimal = (n: number) => (Math.round(n * 10) / 10).toString().replace('.', ',');

/** Rupiah in few characters for a chart's axis: 'Rp 850 rb', 'Rp 1,2 jt', 'Rp 3,4 M'. */
export function formatRupiahShort(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}Rp ${decimal(abs / 1e9)} M`;
  if (abs >= 1e6) return `${sign}Rp ${decimal(abs / 1e6)} jt`;
  if (abs >= 1e3) return `${sign}Rp ${decimal(abs / 1e3)} rb`;
  return `${sign}Rp ${abs}`;
}

/** The first day of `now`'s month in Jakarta, 'YYYY-MM-01' (the transaction list's `from`). */
export function jakartaMonthStart(now: Date = new Date()): string {
  const wall = wibWallClock(now) ?? now;
  return `${wall.getFullYear()}-${String(wall.getMonth() + 1).padStart(2, '0')}-01`;
}
