import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, isValidLocalPhone } from './phone';
import { COUNTRIES } from './countries';
import { capCount } from './limits';
import { t } from './catalogue/messages';

describe('phone numbers', () => {
  it('normalises every common writing to digits with the country code', () => {
    expect(normalizePhone('+62 812-3456-7890')).toBe('6281234567890');
    expect(normalizePhone('081234567890')).toBe('6281234567890');
    expect(normalizePhone('6281234567890')).toBe('6281234567890');
  });
  it('refuses what is not a number', () => {
    expect(normalizePhone('abc')).toBeNull();
    expect(normalizePhone('123')).toBeNull();
    expect(normalizePhone('1'.repeat(21))).toBeNull();
  });
  it('phone fields take digits only, not starting with 0, at most 20', () => {
    expect(isValidLocalPhone('8123456789')).toBe(true);
    expect(isValidLocalPhone('08123456789')).toBe(false);
    expect(isValidLocalPhone('1'.repeat(21))).toBe(false);
  });
});

describe('catalogue and constants', () => {
  it('lists Indonesia (62) first', () => {
    expect(COUNTRIES[0]).toMatchObject({ name: 'Indonesia', dial: '62', code: 'ID', emoji: '🇮🇩' });
  });
  it('caps counts at 99+', () => {
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
  });
  it('interpolates messages', () => {
    expect(t('validation.maxLength', { max: 20 })).toBe('The maximum length allowed is 20');
  });

  it('shows a stored number as people read it: Indonesian numbers grouped, + before others', () => {
    expect(formatPhone('6281234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('628123456789')).toBe('+62 812-3456-789');
    expect(formatPhone('60123456789')).toBe('+60123456789');
    expect(formatPhone('17841400000000')).toBe('+17841400000000');
  });

  it('leaves what is not digits as it is, and shows the given text for no number', () => {
    expect(formatPhone('ig_1784')).toBe('ig_1784');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('  ', '-')).toBe('-');
  });
});
