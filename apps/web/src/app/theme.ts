import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
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
