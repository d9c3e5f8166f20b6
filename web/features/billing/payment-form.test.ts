import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import type { OrderLine } from '../../../shared/schemas/tables.schemas';
import {
  initialPaymentValues,
  offeredChoices,
  orderChanges,
  paymentRequest,
  paymentTotals,
  splitPaidPaise,
  splitRow,
  withMethod,
  withStatus,
  withoutDue,
  type PaymentFormValues,
} from './payment-form';

const line = (productId: string, unitPricePaise: number, quantity: number): OrderLine => ({
  productId,
  name: productId,
  unitPricePaise,
  quantity,
  lineTotalPaise: unitPricePaise * quantity,
});
// ₹250 × 2 + ₹499.99 × 1 = ₹999.99
const order = { lines: [line('tea', 25000, 2), line('cake', 49999, 1)], version: 7 };
const KEY = '0190a8a0-7c1e-7b2f-8a3d-4e5f60718293';
const form = (patch: Partial<PaymentFormValues>) => ({ ...initialPaymentValues(), ...patch });

describe('payment totals', () => {
  it('uses the one rounding rule: ₹999.99 at 12.5 % is ₹875.00 after a ₹125.00 discount', () => {
    expect(paymentTotals(order.lines, '12.5')).toEqual({
      subtotalPaise: 99999,
      discountPaise: 12500,
      totalPaise: 87499,
    });
  });

  it('treats an empty discount as none and refuses one outside 0 to 100', () => {
    expect(paymentTotals(order.lines, '')?.totalPaise).toBe(99999);
    expect(paymentTotals(order.lines, '100.01')).toBeNull();
    expect(paymentTotals(order.lines, '-1')).toBeNull();
    expect(paymentTotals(order.lines, '1.234')).toBeNull();
  });
});

describe('the payment request', () => {
  it('asks for a method and a status in the spec’s words', () => {
    expect(paymentRequest(form({}), order, KEY).errors).toEqual({
      status: MESSAGES.payment.methodAndStatusRequired,
    });
    expect(paymentRequest(form({ status: 'Settled' }), order, KEY).errors).toEqual({
      method: MESSAGES.payment.methodAndStatusRequired,
    });
  });

  it('asks for the responsible person of a due, and refuses a blank one', () => {
    const due = withStatus(form({ responsible: '   ' }), 'Due');
    expect(paymentRequest(due, order, KEY).errors).toEqual({
      responsible: MESSAGES.payment.responsibleRequired,
    });
  });

  it('refuses a discount above 100 %', () => {
    const values = form({ discount: '101', method: 'Cash', status: 'Settled' });
    expect(paymentRequest(values, order, KEY).errors?.discount).toBe(
      MESSAGES.payment.discountOutOfRange,
    );
  });

  it('pays a settled bill whole by its method, with the order’s version and the key', () => {
    const values = withMethod(form({ discount: '12.5', status: 'Settled' }), 'Card');
    expect(paymentRequest(values, order, KEY).body).toEqual({
      idempotencyKey: KEY,
      expectedVersion: 7,
      discountPercent: 12.5,
      status: 'Settled',
      payments: [{ method: 'Card', amountPaise: 87499 }],
    });
  });

  it('sends a due with its responsible person and nothing received', () => {
    const values = { ...withMethod(form({}), 'Due'), responsible: ' Ravi ' };
    expect(values.status).toBe('Due');
    expect(paymentRequest(values, order, KEY).body).toMatchObject({
      status: 'Due',
      responsible: 'Ravi',
      payments: [],
    });
  });

  it('splits ₹500 in cash and the rest by UPI, and refuses rows that do not add up', () => {
    const rows = [splitRow('Cash', '500'), splitRow('UPI', '499.99')];
    const values = form({ split: true, status: 'Settled', rows });
    expect(splitPaidPaise(rows)).toBe(99999);
    expect(paymentRequest(values, order, KEY).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 50000 },
      { method: 'UPI', amountPaise: 49999 },
    ]);
    const short = form({
      split: true,
      status: 'Settled',
      rows: [splitRow('Cash', '500'), splitRow('UPI')],
    });
    expect(paymentRequest(short, order, KEY).errors?.rows).toBe(
      'The amounts must add up to ₹999.99 (now ₹500.00).',
    );
  });

  it('records a part paid on a split due and names a row with a bad amount', () => {
    const part = form({
      split: true,
      status: 'Due',
      responsible: 'Ravi',
      rows: [splitRow('Cash', '500')],
    });
    expect(paymentRequest(part, order, KEY).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 50000 },
    ]);
    const bad = form({ split: true, status: 'Settled', rows: [splitRow('Cash', '5,00')] });
    expect(Object.keys(paymentRequest(bad, order, KEY).errors ?? {})).toEqual(['rows.0.amount']);
  });

  it('settles a bill discounted to nothing by the method chosen, for no money', () => {
    const values = form({ discount: '100', method: 'Cash', status: 'Settled' });
    expect(paymentRequest(values, order, KEY).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 0 },
    ]);
  });
});

describe('method and status', () => {
  it('pairs the Due method with the Due status and back', () => {
    expect(withMethod(form({ status: 'Settled' }), 'Due').status).toBe('Due');
    expect(withStatus(form({ method: 'Due' }), 'Settled').method).toBe('');
    expect(withMethod(form({ status: 'Due', method: 'Due' }), 'UPI').status).toBe('Settled');
  });
});

describe('what changed on the order', () => {
  it('names added, removed and changed lines', () => {
    const now = [line('tea', 25000, 3), line('soup', 12000, 1)];
    expect(orderChanges(order.lines, now)).toEqual([
      { kind: 'changed', line: now[0], before: order.lines[0] },
      { kind: 'added', line: now[1] },
      { kind: 'removed', line: order.lines[1] },
    ]);
    expect(orderChanges(order.lines, order.lines)).toEqual([]);
  });
});

describe('a ₹0 bill', () => {
  it('offers no Due, and a Due chosen before is taken back', () => {
    expect(offeredChoices(0)).toEqual({
      methods: ['Cash', 'Card', 'UPI'],
      statuses: ['Settled'],
    });
    expect(offeredChoices(1).methods).toContain('Due');
    expect(offeredChoices(null).statuses).toContain('Due');
    const due = withMethod(form({ responsible: 'Ravi' }), 'Due');
    expect(withoutDue(due)).toMatchObject({ method: '', status: '' });
    const settled = form({ method: 'Cash', status: 'Settled' });
    expect(withoutDue(settled)).toBe(settled);
  });

  it('is refused as Due, naming the status', () => {
    const due = withMethod(form({ responsible: 'Ravi', discount: '100' }), 'Due');
    expect(paymentRequest(due, order, KEY).errors).toEqual({
      status: 'Nothing is owed on a ₹0 bill: choose Settled.',
    });
  });
});
