import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** One brand colour, a deep teal; shade 7 (#0f766e) carries white text at 5.5:1 (WCAG AA). */
const brand: MantineColorsTuple = [
  '#effaf8',
  '#d5f2ee',
  '#a9e4dc',
  '#74d1c6',
  '#3fb8ab',
  '#1d9d91',
  '#12857b',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

/** WCAG AA for normal-size text; axe's color-contrast rule checks the same ratio. */
export const AA = 4.5;

/**
 * Secondary text (`c="dimmed"`, times, input descriptions). Mantine's gray-6 (#868e96) reads at
 * 3.3:1 on white; this gray of the same tint reads at 5.6:1 on white and at 4.6:1 or more on every
 * surface it sits on, down to the simulator's chat wallpaper (#efeae2).
 */
export const DIMMED = '#616970';

/** The light surfaces text sits on: cards, the page, hovered rows, and brand-tinted rows and prompts. */
export const SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1], brand[0]];

/** The WCAG contrast ratio of two colours (hex or rgb(a); alpha is ignored). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` painted at `opacity` over the opaque `surface`, as an rgb() colour. */
export function over(color: string, opacity: number, surface: string): string {
  const c = toRgba(color);
  const s = toRgba(surface);
  const mix = (x: number, y: number) => Math.round(x * opacity + y * (1 - opacity));
  return `rgb(${mix(c.r, s.r)}, ${mix(c.g, s.g)}, ${mix(c.b, s.b)})`;
}

const PRIMARY_SHADE = 7;

/** The first of the shades 7, 8, 9 that passes; failing all, shade 9 darkened in steps until it does. */
function firstPassing(shades: MantineColorsTuple, passes: (color: string) => boolean): string {
  for (const shade of [PRIMARY_SHADE, 8, 9]) if (passes(shades[shade]!)) return shades[shade]!;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(shades[9]!, amount);
    if (passes(darker)) return darker;
  }
  return '#000000';
}

/**
 * The text of a colour's light and subtle variants (badges, alerts, light buttons), of its outline
 * variant and of `c="<color>"`: readable at AA on the colour's own light tint (shade 7 at 10 %,
 * 12 % on hover) over every surface. Mantine paints shade 7 there, which fails for most colours.
 */
export function readableText(shades: MantineColorsTuple): string {
  const tints = SURFACES.map((s) => over(shades[PRIMARY_SHADE]!, 0.12, s));
  return firstPassing(shades, (c) => [...SURFACES, ...tints].every((bg) => contrast(c, bg) >= AA));
}

/** The fill of a colour's filled variant: white text on it reads at AA. */
export function readableFill(shades: MantineColorsTuple): string {
  return firstPassing(shades, (c) => contrast(c, '#ffffff') >= AA);
}

/**
 * WCAG AA contrast in the light scheme, kept to the colours' own hues: a darker dimmed gray, and for
 * each colour whose shade 7 does not read, a darker shade (or shade 9 darkened) for its text and fill.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  // placeholders too: a FileInput's or Select's placeholder is text in a span, which axe holds to AA
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': DIMMED,
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    const text = readableText(shades);
    if (text !== shades[PRIMARY_SHADE]) {
      light[`--mantine-color-${name}-text`] = text;
      light[`--mantine-color-${name}-light-color`] = text;
      light[`--mantine-color-${name}-outline`] = text;
    }
    const fill = readableFill(shades);
    if (fill !== shades[PRIMARY_SHADE]) {
      light[`--mantine-color-${name}-filled`] = fill;
      light[`--mantine-color-${name}-filled-hover`] = darken(fill, 0.1);
    }
  }
  // field errors and invalid borders: red at AA instead of red-6 (3.3:1)
  light['--mantine-color-error'] = readableText(theme.colors.red!);
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: PRIMARY_SHADE,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
  },
});
