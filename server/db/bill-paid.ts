import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../shared/constants';
import { bills } from './schema';

/** The column of `bills` that adds up the money a bill received by each method. */
export const PAID_COLUMN = {
  Cash: 'paidCashPaise',
  Card: 'paidCardPaise',
  UPI: 'paidUpiPaise',
  Other: 'paidOtherPaise',
} as const satisfies Record<Exclude<PaymentMethod, 'Due'>, keyof typeof bills.$inferInsert>;

type PaidColumns = Record<(typeof PAID_COLUMN)[keyof typeof PAID_COLUMN], number>;

/** A bill's paid columns for these payments (money never comes in as 'Due'). */
export function paidColumns(
  payments: readonly { method: PaymentMethod; amountPaise: number }[],
): PaidColumns {
  const paid: PaidColumns = {
    paidCashPaise: 0,
    paidCardPaise: 0,
    paidUpiPaise: 0,
    paidOtherPaise: 0,
  };
  for (const { method, amountPaise } of payments) {
    if (method === 'Due') throw new Error('A payment cannot be received as Due');
    paid[PAID_COLUMN[method]] += amountPaise;
  }
  return paid;
}

/**
 * What a bill has received so far, in all: its paid columns added up, of the query's `bills`
 * (or of the bills under `alias`).
 */
export function paidOfBill(alias?: string) {
  const total = Object.values(PAID_COLUMN)
    .map((key) =>
      alias ? sql`${sql.identifier(alias)}.${sql.identifier(bills[key].name)}` : sql`${bills[key]}`,
    )
    .reduce((sum, column) => sql`${sum} + ${column}`);
  return sql<number>`(${total})`.mapWith(Number);
}
