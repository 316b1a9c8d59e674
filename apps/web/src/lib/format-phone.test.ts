import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('groups Indonesian numbers and puts + before others', () => {
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
