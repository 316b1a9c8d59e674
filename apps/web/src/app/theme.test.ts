import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { AA, contrast, cssVariablesResolver, DIMMED, over, SURFACES, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(full).light;
const shade = (value: string) => {
  const ref = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  return ref ? full.colors[ref[1]!]![Number(ref[2])]! : value;
};
const variable = (name: string, color: string, fallback: string) =>
  shade(light[`--mantine-color-${color}-${name}`] ?? fallback);

describe('the theme reads at WCAG AA in the light scheme', () => {
  it('dimmed text on every surface and on the simulator wallpaper', () => {
    for (const bg of [...SURFACES, '#efeae2', full.colors.brand![1]!])
      expect(contrast(DIMMED, bg), bg).toBeGreaterThanOrEqual(AA);
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
  });

  it.each(Object.keys(full.colors))(
    '%s: light and subtle text on its tint, white text on its fill',
    (name) => {
      const shades = full.colors[name]!;
      const text = variable('light-color', name, shades[7]!);
      for (const surface of SURFACES) {
        expect(contrast(text, surface)).toBeGreaterThanOrEqual(AA);
        expect(contrast(text, over(shades[7]!, 0.12, surface))).toBeGreaterThanOrEqual(AA);
      }
      expect(variable('text', name, shades[7]!)).toBe(text);
      expect(contrast(variable('filled', name, shades[7]!), '#ffffff')).toBeGreaterThanOrEqual(AA);
    },
  );

  it('keeps the brand fill and darkens only its text, to shade 8', () => {
    expect(light['--mantine-color-brand-filled']).toBeUndefined();
    expect(light['--mantine-color-brand-light-color']).toBe(full.colors.brand![8]);
    expect(light['--mantine-color-gray-light-color']).toBeUndefined();
  });
});
