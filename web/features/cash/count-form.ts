import {
  MAX_CASH_PAISE,
  MAX_NOTES,
  NOTE_DENOMINATIONS,
  countTotalPaise,
  emptyCount,
  type CashCount,
  type NoteDenomination,
} from '../../../shared/cash';
import { isRupeeAmount, rupeesToPaise } from '../../../shared/money';
import { CASH_TEXT, cashCountSchema } from '../../../shared/schemas/cash.schemas';

/**
 * The denomination count as typed (open and close a shift): how many notes of each value, and
 * the coins in rupees. Empty fields count as none.
 */
export interface CountValues {
  notes: Record<`${NoteDenomination}`, number | string>;
  /** Rupees, as typed ('45.50'). */
  coins: string;
}

/** The count form's field names, in the order they show. */
export const COUNT_FIELDS = [...NOTE_DENOMINATIONS.map((d) => `notes.${d}`), 'coins'] as const;

export const COUNT_TEXT = {
  coins: 'Coins must be an amount in rupees, like 45 or 45.50',
  coinsTooMuch: 'That is more than a drawer holds',
} as const;

export function emptyCountValues(): CountValues {
  const { notes } = emptyCount();
  return {
    notes: Object.fromEntries(
      NOTE_DENOMINATIONS.map((d) => [String(d), notes[`${d}`] || '']),
    ) as CountValues['notes'],
    coins: '',
  };
}

/** How many notes a field holds, or null when it is not a whole number in range. */
function notesOf(value: number | string): number | null {
  const text = String(value).trim();
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count <= MAX_NOTES ? count : null;
}

/** The coins typed, in paise, or null when they are not a rupee amount. */
function coinsOf(value: string): number | null {
  const text = value.trim();
  if (text === '') return 0;
  return isRupeeAmount(text) ? rupeesToPaise(text) : null;
}

/** What one denomination's row adds up to, in paise (0 while it is not a valid count). */
export function lineTotalPaise(denomination: NoteDenomination, value: number | string): number {
  return (notesOf(value) ?? 0) * denomination * 100;
}

/** The running total of the form as typed: what is not valid yet counts as nothing. */
export function runningTotalPaise(values: CountValues): number {
  const count = emptyCount();
  for (const d of NOTE_DENOMINATIONS) count.notes[`${d}`] = notesOf(values.notes[`${d}`]) ?? 0;
  count.coinsPaise = coinsOf(values.coins) ?? 0;
  return countTotalPaise(count);
}

/**
 * The count for the API, checked with its own schema, or the errors by field name
 * (`notes.500`, `coins`).
 */
export function countOf(
  values: CountValues,
):
  { count: CashCount; errors?: undefined } | { count?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const count = emptyCount();
  for (const d of NOTE_DENOMINATIONS) {
    const notes = notesOf(values.notes[`${d}`]);
    if (notes === null) errors[`notes.${d}`] = CASH_TEXT.notes(d);
    else count.notes[`${d}`] = notes;
  }
  const coins = coinsOf(values.coins);
  if (coins === null) errors.coins = COUNT_TEXT.coins;
  else if (coins > MAX_CASH_PAISE) errors.coins = COUNT_TEXT.coinsTooMuch;
  else count.coinsPaise = coins;
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = cashCountSchema.safeParse(count);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors[countField(issue.path.map(String).join('.'))] ??= issue.message;
    }
    return { errors };
  }
  return { count };
}

/**
 * The form's field of an API field of a count ('closingCount.notes.500' → 'notes.500',
 * 'openingCount.coinsPaise' → 'coins'); other names as they are.
 */
export function countField(apiField: string): string {
  const name = apiField.replace(/^(opening|closing)Count\./, '');
  return name === 'coinsPaise' ? 'coins' : name;
}
