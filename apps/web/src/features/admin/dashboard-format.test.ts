import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDay,
  formatDayLong,
  formatMonth,
  formatRupiahShort,
  jakartaMonthStart,
} from './dashboard-format';

describe('dashboard formats', () => {
  it('groups counts the Indonesian way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('names months and days in Indonesian', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2026-08')).toBe('Agu 2026');
    expect(formatMonth('2025-12', true)).toBe('Desember 2025');
    expect(formatDay('2026-03-05')).toBe('05/03');
    expect(formatDayLong('2026-03-05')).toBe('05 Maret 2026');
    // something unexpected shows as it came
    expect(formatMonth('soon')).toBe('soon');
  });

  it('shortens rupiah for an axis', () => {
    expect(formatRupiahShort(0)).toBe('Rp 0');
    expect(formatRupiahShort(850_000)).toBe('Rp 850 rb');
    expect(formatRupiahShort(1_250_000)).toBe('Rp 1,3 jt');
    expect(formatRupiahShort(12_000_000)).toBe('Rp 12 jt');
    expect(formatRupiahShort(3_400_000_000)).toBe('Rp 3,4 M');
  });

  it("starts this month on Jakarta's calendar", () => {
    expect(jakartaMonthStart(new Date('2026-03-15T12:00:00.000Z'))).toBe('2026-03-01');
    // 18:00 UTC on 31 March is already April in Jakarta
    expect(jakartaMonthStart(new Date('2026-03-31T18:00:00.000Z'))).toBe('2026-04-01');
  });
});
