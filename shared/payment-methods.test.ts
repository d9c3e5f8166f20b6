import { describe, expect, it } from 'vitest';
import { formatPaymentMethods, isSplitPayment, shortPaymentMethods } from './payment-methods';

const settled = (method: 'Cash' | 'UPI' | 'Card', totalPaise: number) =>
  ({ method, status: 'Settled', totalPaise }) as const;

describe('a bill’s payment methods in words', () => {
  it('names a bill paid one way by its method', () => {
    const bill = settled('Cash', 15000);
    expect(formatPaymentMethods(bill, [{ method: 'Cash', amountPaise: 15000 }])).toBe('Cash');
    expect(shortPaymentMethods(bill, [{ method: 'Cash', amountPaise: 15000 }])).toBe('Cash');
    // A ₹0 bill has no money row: its own method.
    expect(formatPaymentMethods(settled('Card', 0), [])).toBe('Card');
  });

  it('names every method of a split with its amount, Cash first', () => {
    const paid = [
      { method: 'UPI', amountPaise: 5000 },
      { method: 'Cash', amountPaise: 10000 },
    ] as const;
    expect(formatPaymentMethods(settled('Cash', 15000), paid)).toBe('Cash ₹100.00 + UPI ₹50.00');
    expect(shortPaymentMethods(settled('Cash', 15000), paid)).toBe('Split');
    expect(isSplitPayment(settled('Cash', 15000), paid)).toBe(true);
  });

  it('adds up rows of one method: a due settled later by the same method is paid one way', () => {
    const paid = [
      { method: 'Cash', amountPaise: 5000 },
      { method: 'Cash', amountPaise: 10000 },
    ] as const;
    expect(formatPaymentMethods(settled('Cash', 15000), paid)).toBe('Cash');
  });

  it('names what a due still owes', () => {
    const due = { method: 'Due', status: 'Due', totalPaise: 15000 } as const;
    expect(formatPaymentMethods(due, [])).toBe('Due');
    expect(formatPaymentMethods(due, [{ method: 'UPI', amountPaise: 5000 }])).toBe(
      'UPI ₹50.00 + Due ₹100.00',
    );
  });
});
