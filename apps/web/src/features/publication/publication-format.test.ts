import { describe, expect, it } from 'vitest';
import {
  formatEstimate,
  formatWib,
  isoToWibInput,
  scheduleLabel,
  wibInputToIso,
  yearOptions,
} from './publication-format';

describe('Publikasi formats', () => {
  it('offers 2024, 2025 and every later year up to the current one', () => {
    expect(yearOptions(new Date('2025-06-01T00:00:00Z'))).toEqual([2024, 2025]);
    expect(yearOptions(new Date('2028-01-01T12:00:00Z'))).toEqual([2024, 2025, 2026, 2027, 2028]);
  });

  it('says how long sending takes in plain Indonesian', () => {
    expect(formatEstimate(20)).toBe('kurang dari 1 menit');
    expect(formatEstimate(600)).toBe('sekitar 10 menit');
    expect(formatEstimate(8100)).toBe('sekitar 2 jam 15 menit');
    expect(formatEstimate(7200)).toBe('sekitar 2 jam');
    expect(formatEstimate(93_600)).toBe('sekitar 1 hari 2 jam');
  });

  it('reads and writes times in Asia/Jakarta whatever the viewer’s zone', () => {
    expect(formatWib('2026-03-10T17:30:00.000Z')).toBe('11 Maret 2026 00:30 WIB');
    expect(wibInputToIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+07:00');
    expect(wibInputToIso('')).toBeNull();
    expect(isoToWibInput('2026-12-01T02:30:00.000Z')).toBe('2026-12-01T09:30');
  });

  it('names a status schedule', () => {
    expect(scheduleLabel({ repeat: 'none', time: null, weekday: null })).toBe('Sekali');
    expect(scheduleLabel({ repeat: 'daily', time: '07:00', weekday: null })).toBe('Setiap hari 07:00');
    expect(scheduleLabel({ repeat: 'weekly', time: '07:00', weekday: 1 })).toBe('Setiap Senin 07:00');
  });
});
