import { describe, expect, it } from 'vitest';
import { autoReplyBody, type AutoReplySettings } from '@sapa/contracts';
import { copyMonday, fieldErrors, toBody, toForm } from './auto-reply-form';

const saved: AutoReplySettings = {
  accountId: 'wa1',
  timezone: 'Asia/Jakarta',
  hours: [
    { day: 1, open: '09:00', close: '17:00' },
    { day: 0, open: '10:00', close: '12:00' },
  ],
  awayEnabled: true,
  awayText: 'Sedang tutup',
  greetingEnabled: false,
  greetingText: '',
  openNow: false,
  updatedAt: null,
};

describe('the auto-reply editor', () => {
  it('lists Senin..Minggu with the saved days ticked, and sends the ticked ones back', () => {
    const form = toForm(saved);
    expect(form.days.map((d) => [d.name, d.enabled])).toEqual([
      ['Senin', true],
      ['Selasa', false],
      ['Rabu', false],
      ['Kamis', false],
      ['Jumat', false],
      ['Sabtu', false],
      ['Minggu', true],
    ]);
    expect(toBody(form).hours).toEqual([
      { day: 1, open: '09:00', close: '17:00' },
      { day: 0, open: '10:00', close: '12:00' },
    ]);
  });

  it("copies Monday's hours to every day", () => {
    const body = toBody(copyMonday(toForm(saved)));
    expect(body.hours).toHaveLength(7);
    expect(new Set(body.hours.map((h) => `${h.open}-${h.close}`))).toEqual(new Set(['09:00-17:00']));
  });

  it('puts an issue of the n-th ticked day on that day’s field', () => {
    const form = toForm(saved);
    form.days[6] = { ...form.days[6]!, open: '12:00', close: '10:00' };
    const result = autoReplyBody.safeParse(toBody(form));
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fieldErrors(form, issues)).toEqual({ 'close-0': 'Jam tutup harus setelah jam buka' });
    expect(fieldErrors(form, { awayText: 'x' })).toEqual({ awayText: 'x' });
  });
});
