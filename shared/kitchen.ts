/**
 * The kitchen's rules both sides share, without zod (docs/kitchen.md): a KOT item's states,
 * the defaults of a branch's kitchen settings, and the manager's PIN.
 */

/** A KOT item on the kitchen display: new → preparing → ready. */
export const KOT_ITEM_STATES = ['new', 'preparing', 'ready'] as const;
export type KotItemState = (typeof KOT_ITEM_STATES)[number];

/** Why a KOT was made: the waiter's send, the send on leaving the table, a void. */
export const KOT_REASONS = ['send', 'auto', 'void'] as const;
export type KotReason = (typeof KOT_REASONS)[number];

/** The ticket's station name when the branch has no stations. */
export const DEFAULT_STATION_NAME = 'Kitchen';

/** The reasons a void may give until the manager sets the branch's own list. */
export const DEFAULT_VOID_REASONS: readonly string[] = [
  'Guest changed mind',
  'Wrong item entered',
  'Item not available',
  'Quality complaint',
  'Long wait',
];

/** A ticket's age turns amber, then red, after these many minutes (until the branch sets its own). */
export const DEFAULT_AMBER_AFTER_MINUTES = 10;
export const DEFAULT_RED_AFTER_MINUTES = 20;

/** A manager's approval PIN: 4 to 6 digits. */
export const PIN_PATTERN = /^[0-9]{4,6}$/;
/** Wrong PINs in a row that lock a manager's PIN, and for how long. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
