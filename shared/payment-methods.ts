import type { BillStatus, PaymentMethod } from './constants';
import { formatInr, sumPaise } from './money';

/**
 * How a bill was paid, in words: the one way every screen, the printed bill and the payments
 * CSV name a bill's methods. A bill paid one way is that method ('Cash'; 'Due' when nothing is
 * paid yet); a split names every method with its amount, and a Due bill partly paid names what
 * it still owes as 'Due' ('Cash ₹100.00 + UPI ₹50.00', 'UPI ₹50.00 + Due ₹100.00').
 */

/** Money of a bill by one method (several rows of one method are added up). */
export interface MethodAmount {
  method: PaymentMethod;
  amountPaise: number;
}

/** What the label needs of a bill. */
export interface BillMethodFacts {
  /** The bill's own method: 'Due', the largest payment's, or the one a ₹0 bill named. */
  method: PaymentMethod;
  status: BillStatus;
  /** After the discount. */
  totalPaise: number;
}

/** The order methods are named in. */
const METHOD_ORDER: readonly PaymentMethod[] = ['Cash', 'Card', 'UPI', 'Other', 'Due'];

/** Short word for a bill paid several ways, where there is no room for every amount. */
export const SPLIT_LABEL = 'Split';

/**
 * The bill's parts: the money received per method (Cash, Card, UPI, Other; none of 0), then,
 * for a Due bill, what it still owes as 'Due'.
 */
export function methodParts(bill: BillMethodFacts, paid: readonly MethodAmount[]): MethodAmount[] {
  const byMethod = new Map<PaymentMethod, number>();
  for (const row of paid) {
    if (row.amountPaise > 0) {
      byMethod.set(row.method, (byMethod.get(row.method) ?? 0) + row.amountPaise);
    }
  }
  if (bill.status === 'Due') {
    const owed = bill.totalPaise - sumPaise([...byMethod.values()]);
    if (owed > 0) byMethod.set('Due', (byMethod.get('Due') ?? 0) + owed);
  }
  return METHOD_ORDER.filter((method) => byMethod.has(method)).map((method) => ({
    method,
    amountPaise: byMethod.get(method)!,
  }));
}

/** More than one way: a split, or a due partly paid. */
export function isSplitPayment(bill: BillMethodFacts, paid: readonly MethodAmount[]): boolean {
  return methodParts(bill, paid).length > 1;
}

/**
 * The words one part at a time: ['Cash'] for a bill paid one way, ['Cash ₹100.00', 'UPI ₹50.00']
 * for a split (for a narrow receipt that puts each on its own line).
 */
export function paymentMethodParts(bill: BillMethodFacts, paid: readonly MethodAmount[]): string[] {
  const parts = methodParts(bill, paid);
  if (parts.length <= 1) return [parts[0]?.method ?? bill.method];
  return parts.map((part) => `${part.method} ${formatInr(part.amountPaise)}`);
}

/** 'Cash', 'Due', or every method with its amount: 'Cash ₹100.00 + UPI ₹50.00'. */
export function formatPaymentMethods(bill: BillMethodFacts, paid: readonly MethodAmount[]): string {
  return paymentMethodParts(bill, paid).join(' + ');
}

/** The same in one word where space is short: 'Split' for several ways (show the detail beside). */
export function shortPaymentMethods(bill: BillMethodFacts, paid: readonly MethodAmount[]): string {
  return isSplitPayment(bill, paid) ? SPLIT_LABEL : formatPaymentMethods(bill, paid);
}
