import { describe, expect, it } from 'vitest';
import { extendedFields, formatDateTimeWib, wibFields, wibIso } from './user-format';

describe('WIB form fields', () => {
  it('reads an instant as the Jakarta date and time, whatever the zone of the browser', () => {
    expect(wibFields('2026-04-30T20:00:00.000Z')).toEqual({ date: '2026-05-01', time: '03:00' });
    expect(wibFields('nonsense')).toEqual({ date: '', time: '' });
  });

  it('writes the fields as an ISO time with +07:00, or nothing when incomplete', () => {
    expect(wibIso('2026-05-01', '03:00')).toBe('2026-05-01T03:00:00+07:00');
    expect(new Date(wibIso('2026-05-01', '03:00')).toISOString()).toBe('2026-04-30T20:00:00.000Z');
    expect(wibIso('', '03:00')).toBe('');
    expect(wibIso('2026-05-01', '')).toBe('');
    expect(wibIso('2026-13-45', '03:00')).toBe('');
  });

  it('adds 30 days to an end still ahead, else to now', () => {
    const now = Date.parse('2026-03-01T00:00:00.000Z');
    expect(extendedFields('2026-04-30T20:00:00.000Z', 30, now)).toEqual({
      date: '2026-05-31',
      time: '03:00',
    });
    expect(extendedFields('2026-01-01T00:00:00.000Z', 30, now)).toEqual({
      date: '2026-03-31',
      time: '07:00',
    });
    expect(extendedFields(null, 30, now)).toEqual({ date: '2026-03-31', time: '07:00' });
  });

  it('prints a time in full in WIB', () => {
    expect(formatDateTimeWib('2026-04-30T20:00:00.000Z')).toBe('01 Mei 2026 03:00 WIB');
    expect(formatDateTimeWib(null)).toBe('-');
  });
});
