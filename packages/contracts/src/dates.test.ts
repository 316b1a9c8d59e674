import { describe, expect, it } from 'vitest';
import { formatDateLong, formatDateShort, formatDateTimeLong, formatDuration, formatListTime } from './dates';

describe('Indonesian date formats (spec §9)', () => {
  const d = new Date(2026, 0, 5, 9, 7);
  it('formats DD MMMM YYYY and DD MMMM YYYY HH:mm with Indonesian months', () => {
    expect(formatDateLong(d)).toBe('05 Januari 2026');
    expect(formatDateTimeLong(new Date(2025, 7, 17, 23, 59))).toBe('17 Agustus 2025 23:59');
    expect(formatDateLong(null)).toBe('-');
    expect(formatDateLong('bukan tanggal')).toBe('-');
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
});
