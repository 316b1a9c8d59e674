import { describe, expect, it } from 'vitest';
import { formatWib, isoToWibInput, snoozeChoices, wibInputToIso } from './snooze-times';

describe('snooze times (Asia/Jakarta)', () => {
  it('offers one hour, tomorrow 09:00 WIB and next Monday 09:00 WIB', () => {
    // Thursday 26 November 2026, 23:30 WIB
    const now = Date.parse('2026-11-26T16:30:00Z');
    const [hour, tomorrow, week] = snoozeChoices(now);
    expect(hour?.until).toBe('2026-11-26T17:30:00.000Z');
    expect(tomorrow?.until).toBe('2026-11-27T02:00:00.000Z');
    expect(week?.until).toBe('2026-11-30T02:00:00.000Z');
  });

  it('takes the Jakarta day, not the UTC one, and a Monday snoozes to the next Monday', () => {
    // Monday 30 November 2026, 06:00 WIB = Sunday 23:00 UTC
    const now = Date.parse('2026-11-29T23:00:00Z');
    const [, tomorrow, week] = snoozeChoices(now);
    expect(tomorrow?.until).toBe('2026-12-01T02:00:00.000Z');
    expect(week?.until).toBe('2026-12-07T02:00:00.000Z');
  });

  it('reads and writes date-time inputs in WIB', () => {
    expect(wibInputToIso('2026-12-01T09:30')).toBe('2026-12-01T02:30:00.000Z');
    expect(wibInputToIso('')).toBeNull();
    expect(isoToWibInput(Date.parse('2026-12-01T02:30:00Z'))).toBe('2026-12-01T09:30');
    expect(formatWib('2026-12-01T02:30:00Z')).toBe('01 Desember 2026 09:30 WIB');
    expect(formatWib(null)).toBe('');
  });
});
