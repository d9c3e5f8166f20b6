import { useSyncExternalStore } from 'react';

/** The theme's breakpoints (Mantine's defaults): sm 768 px, md 992 px, lg 1200 px. */
const BREAKPOINTS = { sm: 48, md: 62, lg: 75 } as const;

/** Whether a media query matches, kept up to date (read at once on the first render). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * Whether the window is narrower than a breakpoint, read at once on the first render (no
 * flash of the wide layout on a phone): `useBelow('sm')` is a phone, where tables become lists.
 */
export function useBelow(breakpoint: keyof typeof BREAKPOINTS): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS[breakpoint] - 0.01}em)`);
}
