import { useBelow } from '../../../lib/use-below';

/** Figures in columns: digits of one width, never broken over lines. */
export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Below 768 px the report rows are two-line list items instead of a table. */
export function usePhoneLayout() {
  return useBelow('sm');
}
