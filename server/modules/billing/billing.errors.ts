import { formatInr } from '../../../shared/money';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The billing module's messages, each written once. */
export const BILLING_MESSAGES = {
  emptyTable: 'This table has no items to bill.',
  orderChanged: 'The order changed on another device. Check the amount and pay again.',
  settledMismatch: (total: string) => `The payments must add up to the amount due, ${total}.`,
  dueTooMuch: (total: string) =>
    `A due bill's payments must add up to less than its amount, ${total}.`,
  billNotFound: 'Bill not found',
  nothingOwed: 'Nothing is owed on a ₹0 bill: choose Settled.',
  numbersUsedUp:
    "This financial year's bill numbers no longer fit 16 characters with the branch's invoice prefix: choose a shorter prefix in Settings.",
  partMismatch: (part: number, total: string) =>
    `Part ${part}'s payments must add up to its amount, ${total}.`,
  keyReused:
    'This payment key was already used for another table. Open the table again and pay with a new request.',
  splitTooSmall: (parts: number) =>
    `This bill is too small to split into ${parts} parts: choose fewer parts.`,
  splitLineGone: 'An item chosen to pay is no longer on the order. Choose again.',
  splitTooMany: (name: string, quantity: number) =>
    `${name}: the order has ${quantity}. Choose at most that many.`,
} as const;

export const emptyTable = () => badRequest('billing.empty_table', BILLING_MESSAGES.emptyTable);

/** The order is not the one the cashier saw: the answer carries the order as it is now. */
export class OrderChangedError extends AppError {
  constructor(readonly order: TableOrder) {
    super(409, 'billing.order_changed', BILLING_MESSAGES.orderChanged);
  }
}

export const paymentsMismatch = (message: string, field = 'payments') =>
  badRequest('billing.payments_mismatch', message, { [field]: message });

/** A Due bill of ₹0 would say someone owes nothing: refused, naming the status. */
/** A flat discount above what the percentage leaves of the bill before tax. */
export const discountFlatTooLarge = (maxPaise: number) => {
  const message = `The flat discount can be at most ${formatInr(maxPaise)}: the bill before tax, after the percentage`;
  return badRequest('billing.discount_flat', message, { discountFlatPaise: message });
};

export const nothingOwed = () =>
  badRequest('billing.nothing_owed', BILLING_MESSAGES.nothingOwed, {
    status: BILLING_MESSAGES.nothingOwed,
  });

export const billNotFound = () => notFound('billing.bill_not_found', BILLING_MESSAGES.billNotFound);

/**
 * A bill number longer than 16 characters (CGST rule 46(b)): a 4-character prefix has room for
 * 999,999 bills a financial year; a shorter prefix for more.
 */
export const numbersUsedUp = () =>
  conflict('billing.numbers_used_up', BILLING_MESSAGES.numbersUsedUp);

/** A split by items names a line not on the order, or more of it than the order has. */
export const splitInvalid = (message: string) =>
  conflict('billing.split_invalid', message, { lines: message });

/**
 * The idempotency key of this payment already made a bill of another table: the key was used for
 * something else, so neither that bill (not this request's) nor a new one is the answer.
 */
export const keyReused = () =>
  conflict('billing.key_reused', BILLING_MESSAGES.keyReused, {
    idempotencyKey: BILLING_MESSAGES.keyReused,
  });

/** The last part of an equal split would carry a negative amount (a tiny bill in many parts). */
export const splitTooSmall = (parts: number) =>
  badRequest('billing.split_too_small', BILLING_MESSAGES.splitTooSmall(parts), {
    parts: BILLING_MESSAGES.splitTooSmall(parts),
  });
