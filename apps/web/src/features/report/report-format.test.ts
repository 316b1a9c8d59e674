import { describe, expect, it } from 'vitest';
import {
  currentPeriod,
  excerpt,
  formatDayLong,
  formatDayShort,
  formatPeriod,
  formatWibDateTime,
  readPeriod,
} from './report-format';

describe('report formats', () => {
  it('takes the current month in Jakarta, across a month and a year end', () => {
    expect(currentPeriod(new Date('2026-03-31T16:59:00Z'))).toEqual({ year: 2026, month: 3 });
    expect(currentPeriod(new Date('2026-03-31T17:00:00Z'))).toEqual({ year: 2026, month: 4 });
    expect(currentPeriod(new Date('2025-12-31T17:00:00Z'))).toEqual({ year: 2026, month: 1 });
  });

  it('reads the period from the address, falling back to the current month', () => {
    const now = new Date('2026-05-10T00:00:00Z');
    const years = [2024, 2025, 2026];
    expect(readPeriod(new URLSearchParams('year=2025&month=2'), years, now)).toEqual({
      year: 2025,
      month: 2,
    });
    expect(readPeriod(new URLSearchParams(''), years, now)).toEqual({ year: 2026, month: 5 });
    expect(readPeriod(new URLSearchParams('year=2019&month=13'), years, now)).toEqual({
      year: 2026,
      month: 5,
    });
  });

  it('writes periods, days and times in Indonesian, in WIB', () => {
    expect(formatPeriod({ year: 2026, month: 3 })).toBe('Maret 2026');
    expect(formatDayShort('2026-03-05')).toBe('5 Mar');
    expect(formatDayLong('2026-03-05')).toBe('05 Maret 2026');
    expect(formatWibDateTime('2026-03-10T17:30:00.000Z')).toBe('11/03/2026 00:30');
    expect(formatWibDateTime(null)).toBe('-');
    expect(excerpt('Halo\nkedua')).toBe('Halo');
    expect(excerpt('a'.repeat(80), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
