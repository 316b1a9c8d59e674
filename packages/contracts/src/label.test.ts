import { describe, expect, it } from 'vitest';
import {
  LABEL_COLORS,
  contrastRatio,
  labelBody,
  labelIdsQuery,
  labelListQuery,
  labelTextColor,
} from './index';

describe('label colours', () => {
  it('presets are distinct #rrggbb colours that carry white text at WCAG AA', () => {
    expect(LABEL_COLORS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(LABEL_COLORS.map((c) => c.value)).size).toBe(LABEL_COLORS.length);
    for (const color of LABEL_COLORS) {
      expect(color.value).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(color.value, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(labelTextColor(color.value)).toBe('#ffffff');
      expect(labelBody.parse({ name: color.name, color: color.value }).color).toBe(color.value);
    }
  });

  it('picks dark text on light colours and white on dark ones', () => {
    expect(labelTextColor('#ffe066')).toBe('#1f2937');
    expect(labelTextColor('#ffffff')).toBe('#1f2937');
    expect(labelTextColor('#000000')).toBe('#ffffff');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });
});

describe('label schemas', () => {
  it('trims the name, lower-cases the colour and refuses in Indonesian', () => {
    expect(labelBody.parse({ name: '  VIP ', color: '#ABCDEF' })).toEqual({ name: 'VIP', color: '#abcdef' });
    const messages = (input: unknown) => labelBody.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: '', color: '#000000' })).toEqual(['Nama label tidak valid']);
    expect(messages({ name: 'x'.repeat(51), color: '#000000' })).toEqual(['Nama label maksimal 50 karakter']);
    expect(messages({ name: 'VIP', color: 'red' })).toEqual(['Warna label tidak valid']);
    expect(messages({})).toEqual(['Nama label tidak valid', 'Warna label tidak valid']);
  });

  it('pages by 20 and reads ids in every query form', () => {
    expect(labelListQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(labelIdsQuery.parse({ ids: 'a,b, a' })).toEqual({ ids: ['a', 'b'] });
    expect(labelIdsQuery.parse({ ids: ['a', 'c'] })).toEqual({ ids: ['a', 'c'] });
    expect(labelIdsQuery.parse({ 'ids[]': ['b'] })).toEqual({ ids: ['b'] });
    expect(labelIdsQuery.parse({})).toEqual({ ids: [] });
    expect(labelIdsQuery.safeParse({ ids: Array.from({ length: 201 }, (_, i) => `x${i}`) }).success).toBe(
      false,
    );
  });
});
