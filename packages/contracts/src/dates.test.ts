import { describe, expect, it } from 'vitest';
import {
  dayKey,
  dayLabel,
  formatClock,
  formatDateJakarta,
  formatDateLong,
  formatDateShort,
  formatDateTimeLong,
  formatDuration,
  formatLastSeen,
  formatListTime,
  formatRowTime,
} from './dates';

describe('Indonesian date formats (spec §9)', () => {
  const d = new Date(2026, 0, 5, 9, 7);
  it('formats DD MMMM YYYY and DD MMMM YYYY HH:mm with Indonesian months', () => {
    expect(formatDateLong(d)).toBe('05 Januari 2026');
    expect(formatDateTimeLong(new Date(2025, 7, 17, 23, 59))).toBe('17 Agustus 2025 23:59');
    expect(formatDateLong(null)).toBe('-');
    expect(formatDateLong('bukan tanggal')).toBe('-');
  });
  it("formats the day in Asia/Jakarta whatever the machine's zone (invoices, billing emails)", () => {
    // 17:00 UTC is already the next day in Jakarta (UTC+7)
    expect(formatDateJakarta('2026-03-31T16:59:59Z')).toBe('31 Maret 2026');
    expect(formatDateJakarta('2026-03-31T17:00:00Z')).toBe('01 April 2026');
    expect(formatDateJakarta(null)).toBe('-');
    expect(formatDateJakarta('bukan tanggal')).toBe('-');
  });
  it('formats DD/MM/YY', () => {
    expect(formatDateShort(d)).toBe('05/01/26');
  });
  it('shows HH:mm today, otherwise DD/MM/YYYY HH:mm', () => {
    expect(formatListTime(d, new Date(2026, 0, 5, 20, 0))).toBe('09:07');
    expect(formatListTime(d, new Date(2026, 0, 6, 0, 1))).toBe('05/01/2026 09:07');
  });
  it('shows durations as minutes.seconds from rounded seconds', () => {
    expect(formatDuration(75.4)).toBe('1.15');
    expect(formatDuration(5)).toBe('0.05');
  });
  it('shows a bubble clock and a chat row time: HH:mm today, DD/MM/YY before, the full date as title', () => {
    expect(formatClock(d)).toBe('09:07');
    expect(formatClock('bukan tanggal')).toBe('');
    expect(formatRowTime(d, new Date(2026, 0, 5, 20, 0))).toEqual({
      text: '09:07',
      title: '05/01/2026 09:07',
    });
    expect(formatRowTime(d, new Date(2026, 0, 6, 0, 1))).toEqual({
      text: '05/01/26',
      title: '05/01/2026 09:07',
    });
  });
  it("separates days as 'Hari ini', 'Kemarin', else DD MMMM YYYY", () => {
    const now = new Date(2026, 0, 6, 0, 1);
    expect(dayLabel(new Date(2026, 0, 6, 0, 0), now)).toBe('Hari ini');
    expect(dayLabel(d, now)).toBe('Kemarin');
    expect(dayLabel(new Date(2026, 0, 4, 23, 59), now)).toBe('04 Januari 2026');
    expect(dayKey(d)).toBe('2026-01-05');
  });
  it("tells when an account was last seen: 'baru saja', minutes, hours, else DD/MM/YY HH:mm", () => {
    const at = d.getTime();
    expect(formatLastSeen(d.toISOString(), at + 59_000)).toBe('baru saja');
    expect(formatLastSeen(d.toISOString(), at + 5 * 60_000)).toBe('5 menit lalu');
    expect(formatLastSeen(d.toISOString(), at + 3 * 3_600_000)).toBe('3 jam lalu');
    expect(formatLastSeen(d.toISOString(), at + 86_400_000)).toBe('05/01/26 09:07');
    expect(formatLastSeen(null)).toBe('-');
  });
});
