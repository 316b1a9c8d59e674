import { describe, expect, it } from 'vitest';
import { isOpenAt, lastClosedAt, sortDays } from './hours';

// 2026-03-02 is a Monday; 08:00Z is 15:00 WIB
const at = (iso: string) => new Date(iso);
const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: '17:00' }));

describe('business hours in Asia/Jakarta', () => {
  it('is open from the opening minute until before the closing minute, on listed days only', () => {
    expect(isOpenAt(weekdays, at('2026-03-02T01:00:00Z'))).toBe(true); // Senin 08:00
    expect(isOpenAt(weekdays, at('2026-03-02T00:59:00Z'))).toBe(false); // Senin 07:59
    expect(isOpenAt(weekdays, at('2026-03-02T09:59:00Z'))).toBe(true); // Senin 16:59
    expect(isOpenAt(weekdays, at('2026-03-02T10:00:00Z'))).toBe(false); // Senin 17:00
    expect(isOpenAt(weekdays, at('2026-03-07T03:00:00Z'))).toBe(false); // Sabtu 10:00
    // Monday 02:00 WIB is still Sunday in UTC: the Jakarta day counts
    expect(isOpenAt([{ day: 1, open: '00:00', close: '03:00' }], at('2026-03-01T19:00:00Z'))).toBe(true);
    expect(isOpenAt([], at('2026-03-02T03:00:00Z'))).toBe(false);
  });

  it('finds when the current closed period began, across days and the weekend', () => {
    // Senin 20:00 WIB: closed since Senin 17:00 WIB
    expect(lastClosedAt(weekdays, at('2026-03-02T13:00:00Z'))?.toISOString()).toBe(
      '2026-03-02T10:00:00.000Z',
    );
    // Selasa 07:00 WIB: still the same closed period
    expect(lastClosedAt(weekdays, at('2026-03-03T00:00:00Z'))?.toISOString()).toBe(
      '2026-03-02T10:00:00.000Z',
    );
    // Minggu 12:00 WIB: closed since Jumat 17:00 WIB
    expect(lastClosedAt(weekdays, at('2026-03-08T05:00:00Z'))?.toISOString()).toBe(
      '2026-03-06T10:00:00.000Z',
    );
    // one day a week: a week back at most
    expect(
      lastClosedAt([{ day: 1, open: '08:00', close: '09:00' }], at('2026-03-09T01:30:00Z'))?.toISOString(),
    ).toBe('2026-03-02T02:00:00.000Z');
    expect(lastClosedAt([], at('2026-03-02T13:00:00Z'))).toBeNull();
  });

  it('orders days Senin first and Minggu last', () => {
    expect(
      sortDays([0, 3, 1, 6].map((day) => ({ day, open: '08:00', close: '09:00' }))).map((d) => d.day),
    ).toEqual([1, 3, 6, 0]);
  });
});
