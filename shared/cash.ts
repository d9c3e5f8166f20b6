/**
 * The cash drawer (docs/cash.md): what a count by denomination adds up to, and what a shift's
 * drawer should hold. Pure arithmetic in integer paise, shared by the server (the figures it
 * stores when a shift closes) and the screens (the count as it is typed).
 */

/**
 * The notes a count asks for, in rupees, largest first: the RBI's notes in everyday use (₹2000
 * notes were withdrawn from circulation in 2023 and are left out; ₹5 notes and all coins are
 * counted together as coins, by value).
 */
export const NOTE_DENOMINATIONS = [500, 200, 100, 50, 20, 10] as const;
export type NoteDenomination = (typeof NOTE_DENOMINATIONS)[number];

/** How many notes of each denomination, and the coins' value in paise. */
export interface CashCount {
  notes: Record<`${NoteDenomination}`, number>;
  coinsPaise: number;
}

/** Most notes of one denomination a count may hold (a stack far beyond any drawer). */
export const MAX_NOTES = 100_000;
/** Most a single cash amount (a float, an entry, coins) may be: ₹1 crore. */
export const MAX_CASH_PAISE = 1_000_000_000;
/**
 * Most a shift's cash in may add up to, and its cash out: ₹1 crore each. With a count and a
 * float of at most MAX_CASH_PAISE, every figure of a shift stays far inside the database's
 * columns (its sums are bigint: docs/cash.md, "Caps").
 */
export const MAX_SHIFT_CASH_PAISE = MAX_CASH_PAISE;

/** A count of nothing: the form's starting point. */
export function emptyCount(): CashCount {
  return {
    notes: Object.fromEntries(NOTE_DENOMINATIONS.map((d) => [String(d), 0])) as CashCount['notes'],
    coinsPaise: 0,
  };
}

/** What a count adds up to, in paise. */
export function countTotalPaise(count: CashCount): number {
  let total = count.coinsPaise;
  for (const denomination of NOTE_DENOMINATIONS) {
    total += count.notes[`${denomination}`] * denomination * 100;
  }
  return total;
}

/** What moved through one shift's drawer, each a sum in paise (all ≥ 0). */
export interface DrawerMovements {
  /** The opening float. */
  floatPaise: number;
  /** Cash received for bills while the shift was open: payments and settlements of dues. */
  cashReceivedPaise: number;
  /** Cash given back for cancelled bills. */
  cashRefundedPaise: number;
  /** Cash put in (a float top-up). */
  cashInPaise: number;
  /** Cash taken out (petty expenses, a bank drop). */
  cashOutPaise: number;
}

/** What the drawer should hold: float + cash received − refunds + cash in − cash out. */
export function expectedCashPaise(m: DrawerMovements): number {
  return m.floatPaise + m.cashReceivedPaise - m.cashRefundedPaise + m.cashInPaise - m.cashOutPaise;
}

/**
 * Whether a closing difference (counted − expected) needs a manager's approval: when its size
 * is above the branch's limit (a limit of 0 makes every difference need one).
 */
export function needsApproval(differencePaise: number, limitPaise: number): boolean {
  return Math.abs(differencePaise) > limitPaise;
}

/** Why cash goes in or out of a drawer during a shift. */
export const CASH_ENTRY_REASONS = {
  in: ['Float top-up', 'Change from bank', 'Other'],
  out: ['Petty expense', 'Bank drop', 'Vendor payment', 'Other'],
} as const;

export const CASH_ENTRY_KINDS = ['in', 'out'] as const;
export type CashEntryKind = (typeof CASH_ENTRY_KINDS)[number];

/** The difference a manager's approval is first asked for above: ₹100. */
export const DEFAULT_DIFFERENCE_LIMIT_PAISE = 10_000;
