import { describe, expect, it } from 'vitest';
import { nextOccurrence, wibDayEnd, wibDayStart, wibYear } from './schedule';

const at = (iso: string) => new Date(iso);

describe('a recurring status post is due at its WIB (UTC+7) time', () => {
  // 2026-03-02 is a Monday; 08:00 UTC is 15:00 WIB
  const monday3pm = at('2026-03-02T08:00:00Z');

  it('daily: later today when the time is still ahead, else tomorrow', () => {
    expect(nextOccurrence({ repeat: 'daily', time: '16:30', weekday: null }, monday3pm)).toEqual(
      at('2026-03-02T09:30:00Z'),
    );
    expect(nextOccurrence({ repeat: 'daily', time: '07:00', weekday: null }, monday3pm)).toEqual(
      at('2026-03-03T00:00:00Z'),
    );
    // exactly at the time: the next one, never the same instant again
    expect(nextOccurrence({ repeat: 'daily', time: '15:00', weekday: null }, monday3pm)).toEqual(
      at('2026-03-03T08:00:00Z'),
    );
  });

  it('daily: the WIB day, not the UTC one, decides (03:00 WIB is still the previous UTC day)', () => {
    // 2026-03-02T20:00Z is Tuesday 03:00 WIB: 02:00 WIB has passed today (Tuesday), so Wednesday's
    expect(
      nextOccurrence({ repeat: 'daily', time: '02:00', weekday: null }, at('2026-03-02T20:00:00Z')),
    ).toEqual(at('2026-03-03T19:00:00Z'));
    expect(
      nextOccurrence({ repeat: 'daily', time: '23:59', weekday: null }, at('2026-03-02T20:00:00Z')),
    ).toEqual(at('2026-03-03T16:59:00Z'));
  });

  it('weekly: the next chosen weekday (0 = Minggu) at the time, this week or the next', () => {
    // Tuesday 05:00 WIB is Monday 22:00 UTC
    expect(nextOccurrence({ repeat: 'weekly', time: '05:00', weekday: 2 }, monday3pm)).toEqual(
      at('2026-03-02T22:00:00Z'),
    );
    // Sunday 07:00 WIB = Sunday 00:00 UTC
    expect(nextOccurrence({ repeat: 'weekly', time: '07:00', weekday: 0 }, monday3pm)).toEqual(
      at('2026-03-08T00:00:00Z'),
    );
    // Monday, time passed today: next Monday
    expect(nextOccurrence({ repeat: 'weekly', time: '09:00', weekday: 1 }, monday3pm)).toEqual(
      at('2026-03-09T02:00:00Z'),
    );
    // Monday, time still ahead today
    expect(nextOccurrence({ repeat: 'weekly', time: '20:15', weekday: 1 }, monday3pm)).toEqual(
      at('2026-03-02T13:15:00Z'),
    );
  });

  it('crosses months and years', () => {
    expect(
      nextOccurrence({ repeat: 'daily', time: '06:00', weekday: null }, at('2026-12-31T12:00:00Z')),
    ).toEqual(at('2026-12-31T23:00:00Z'));
    // Thursday 2027-01-07 06:00 WIB
    expect(
      nextOccurrence({ repeat: 'weekly', time: '06:00', weekday: 4 }, at('2026-12-31T12:00:00Z')),
    ).toEqual(at('2027-01-06T23:00:00Z'));
  });
});

describe('WIB days and years as instants', () => {
  it('a day starts at 00:00 WIB (17:00 UTC the day before) and a range ends after its last day', () => {
    expect(wibDayStart('2026-03-03')).toEqual(at('2026-03-02T17:00:00Z'));
    expect(wibDayEnd('2026-03-03')).toEqual(at('2026-03-03T17:00:00Z'));
    expect(wibYear(2025)).toEqual([at('2024-12-31T17:00:00Z'), at('2025-12-31T17:00:00Z')]);
  });
});
