import { CASH_ENTRY_REASONS, MAX_CASH_PAISE, type CashEntryKind } from '../../../shared/cash';
import { isRupeeAmount, rupeesToPaise } from '../../../shared/money';
import { cashEntryBodySchema, type CashEntryBody } from '../../../shared/schemas/cash.schemas';

/** Cash in or out as typed: a reason from the list, the amount in rupees, a note. */
export interface EntryValues {
  reason: string;
  /** Rupees, as typed ('250', '99.50'). */
  amount: string;
  note: string;
}

export const ENTRY_FIELDS = ['reason', 'amount', 'note'] as const;

export const ENTRY_TEXT = {
  reason: 'Choose a reason',
  amount: 'Enter an amount in rupees, like 250 or 99.50',
  tooMuch: 'That is more than a drawer holds',
} as const;

export function emptyEntryValues(kind: CashEntryKind): EntryValues {
  return { reason: CASH_ENTRY_REASONS[kind][0], amount: '', note: '' };
}

/** The API field's form name ('amountPaise' → 'amount'). */
export const entryField = (apiField: string) => (apiField === 'amountPaise' ? 'amount' : apiField);

/** The request body, checked with the API's schema, or the errors by field name. */
export function entryBody(
  kind: CashEntryKind,
  values: EntryValues,
  idempotencyKey: string,
):
  | { body: CashEntryBody; errors?: undefined }
  | { body?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.reason) errors.reason = ENTRY_TEXT.reason;
  const amount = values.amount.trim();
  const amountPaise = amount !== '' && isRupeeAmount(amount) ? rupeesToPaise(amount) : null;
  if (amountPaise === null || amountPaise < 1) errors.amount = ENTRY_TEXT.amount;
  else if (amountPaise > MAX_CASH_PAISE) errors.amount = ENTRY_TEXT.tooMuch;
  if (Object.keys(errors).length > 0 || amountPaise === null) return { errors };
  const note = values.note.trim();
  const body = {
    kind,
    amountPaise,
    reason: values.reason,
    ...(note === '' ? {} : { note }),
    idempotencyKey,
  };
  const parsed = cashEntryBodySchema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  for (const issue of parsed.error.issues) {
    errors[entryField(String(issue.path[0] ?? 'amount'))] ??= issue.message;
  }
  return { errors };
}
