import { onBranchEvent } from '../../../lib/live-events';

/** Everything the drawer and day-close screens read (docs/cash.md). */
export const cashQueryKey = ['cash'] as const;

export const cashKeys = {
  counters: [...cashQueryKey, 'counters'] as const,
  settings: [...cashQueryKey, 'settings'] as const,
  allShifts: [...cashQueryKey, 'shifts'] as const,
  /** A business day's shifts ('today': the server's today). */
  shifts: (date: string) => [...cashQueryKey, 'shifts', date] as const,
  allDays: [...cashQueryKey, 'days'] as const,
  /** A business day's state and its X or Z report. */
  day: (date: string) => [...cashQueryKey, 'days', date] as const,
};

// A shift opened or closed, cash in or out, a day closed or reopened on any device of the branch.
onBranchEvent('cash.changed', () => [cashKeys.allShifts, cashKeys.allDays, cashKeys.counters]);
// Money taken or given back changes the drawers' expected cash and the day's report.
onBranchEvent('bill.paid', () => [cashKeys.allShifts, cashKeys.allDays]);
onBranchEvent('bill.settled', () => [cashKeys.allShifts, cashKeys.allDays]);
onBranchEvent('bill.cancelled', () => [cashKeys.allShifts, cashKeys.allDays]);
