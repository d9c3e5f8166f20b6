import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// The brand's terracotta, the same as the landing page, with AA contrast on white at shade 7.
const brand: MantineColorsTuple = [
  '#fdf1ec',
  '#f8e0d6',
  '#f0bea8',
  '#e89a77',
  '#e17b4e',
  '#dc6834',
  '#d95e27',
  '#b4441f',
  '#a23c1a',
  '#8d3113',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
});

/**
 * Mantine's "dimmed" grey (gray.6 on white, about 3.3:1) is below the WCAG AA contrast for
 * small text; gray.7 passes (about 8.6:1). Set once here for every screen and modal.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
