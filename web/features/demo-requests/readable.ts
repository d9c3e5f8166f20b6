import type { CSSProperties } from 'react';

/**
 * Mantine's "dimmed" grey (gray.6 on white, 3.3:1) is below the WCAG AA contrast for small text.
 * Inside these screens (and their modals, which render in a portal) it becomes gray.7 (8.6:1).
 * Belongs in the theme; until then it is set where our screens begin.
 */
export const READABLE_DIMMED = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
} as CSSProperties;
