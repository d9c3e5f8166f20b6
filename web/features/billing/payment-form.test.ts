import { describe, expect, it } from 'vitest';
import { gstinProblemText } from '../../../shared/gst';
import { MESSAGES } from '../../../shared/messages';
import type { OrderLine } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileInput } from '../../../shared/tax';
import {
  buyerGstinState,
  cashChange,
  withRowAmount,
  initialPaymentValues,
  offeredChoices,
  orderChanges,
  paymentRequest,
  paymentTotals,
  splitPaidPaise,
  splitRow,
  upiAmountPaise,
  withMethod,
  withStatus,
  withoutDue,
  type PaymentFormValues,
} from './payment-form';

const line = (
  productId: string,
  unitPricePaise: number,
  quantity: number,
  note = '',
): OrderLine => ({
  key: `${productId}|||${note}`,
  productId,
  name: productId,
  variantId: null,
  variantName: null,
  addons: [],
  note,
  unitPricePaise,
  quantity,
  lineTotalPaise: unitPricePaise * quantity,
});
// ₹250 × 2 + ₹499.99 × 1 = ₹999.99
const order = { lines: [line('tea', 25000, 2), line('cake', 49999, 1)], version: 7 };
const KEY = '0190a8a0-7c1e-7b2f-8a3d-4e5f60718293';
const form = (patch: Partial<PaymentFormValues>) => ({ ...initialPaymentValues(), ...patch });
/** A branch that charges no tax and does not round: the total is the subtotal less discount. */
const PLAIN: TaxProfileInput = {
  regime: 'unregistered',
  pricesIncludeTax: false,
  roundOff: false,
  serviceChargeBps: 0,
};
/** A registered restaurant: exclusive prices, round-off, a 10 % (voluntary) service charge. */
const REGULAR: TaxProfileInput = {
  regime: 'regular',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 1000,
};

describe('payment totals', () => {
  it('uses the one rounding rule: ₹999.99 at 12.5 % is ₹875.00 after a ₹125.00 discount', () => {
    expect(paymentTotals(order.lines, '12.5', PLAIN)).toMatchObject({
      subtotalPaise: 99999,
      discountPaise: 12500,
      totalPaise: 87499,
    });
  });

  it('treats an empty discount as none and refuses one outside 0 to 100', () => {
    expect(paymentTotals(order.lines, '', PLAIN)?.totalPaise).toBe(99999);
    expect(paymentTotals(order.lines, '100.01', PLAIN)).toBeNull();
    expect(paymentTotals(order.lines, '-1', PLAIN)).toBeNull();
    expect(paymentTotals(order.lines, '1.234', PLAIN)).toBeNull();
  });
});

describe('tax totals (computeBill with the branch’s profile)', () => {
  // ₹999.99 at 5 % (no GST rate on the lines: the default), exclusive prices:
  // CGST = SGST = round(99,999 × 500 / 20,000) = round(2,499.975) = 2,500; tax 5,000.
  // Service charge 10 % of 99,999 = 9,999.9 → 10,000, taxed at 5 %: 250 + 250.
  // 99,999 + 10,000 + 5,500 = 115,499 → round off +1 → ₹1,155.00.
  it('adds the tax per rate, the service charge with its tax, and the round-off', () => {
    const totals = paymentTotals(order.lines, '', REGULAR);
    expect(totals).toMatchObject({
      subtotalPaise: 99999,
      taxablePaise: 99999,
      serviceChargePaise: 10000,
      cgstPaise: 2750,
      sgstPaise: 2750,
      taxPaise: 5500,
      roundOffPaise: 1,
      totalPaise: 115500,
      rates: [{ rateBps: 500, taxablePaise: 109999, cgstPaise: 2750, sgstPaise: 2750 }],
    });
  });

  it('bills each line at its own rate and leaves outside-GST lines untaxed', () => {
    const lines = [
      { ...line('juice', 10000, 1), gstRateBps: 1800 },
      { ...line('beer', 20000, 1), outsideGst: true },
    ];
    // 18 % of ₹100 = ₹18 (9 + 9); beer ₹200 outside GST; 10 % service charge on ₹300 = ₹30,
    // taxed at 18 % (the only GST rate) = ₹5.40: 100 + 200 + 30 + 18 + 5.40 = ₹353.40 → ₹353.
    expect(paymentTotals(lines, '', REGULAR)).toMatchObject({
      taxablePaise: 10000,
      nonGstPaise: 20000,
      serviceChargePaise: 3000,
      serviceChargeRateBps: 1800,
      taxPaise: 2340,
      roundOffPaise: -40,
      totalPaise: 35300,
    });
  });

  it('drops the service charge and its tax when it is removed, and the request says so', () => {
    // 99,999 + 5,000 tax = 104,999 → +1 → ₹1,050.00.
    expect(paymentTotals(order.lines, '', REGULAR, false)).toMatchObject({
      serviceChargeBps: 0,
      serviceChargePaise: 0,
      taxPaise: 5000,
      totalPaise: 105000,
    });
    const values = form({ method: 'Cash', status: 'Settled', serviceCharge: false });
    expect(paymentRequest(values, order, KEY, REGULAR).body).toMatchObject({
      serviceCharge: false,
      payments: [{ method: 'Cash', amountPaise: 105000 }],
    });
    const withCharge = form({ method: 'Cash', status: 'Settled' });
    expect(paymentRequest(withCharge, order, KEY, REGULAR).body).toMatchObject({
      serviceCharge: true,
      payments: [{ method: 'Cash', amountPaise: 115500 }],
    });
  });

  it('a split must add up to the grand total with tax, not the subtotal', () => {
    const rows = [splitRow('Cash', '500'), splitRow('UPI', '499.99')];
    const values = form({ split: true, status: 'Settled', rows });
    expect(paymentRequest(values, order, KEY, REGULAR).errors?.rows).toBe(
      'The amounts must add up to ₹1,155.00 (now ₹999.99).',
    );
  });

  it('charges no tax for a composition or unregistered branch', () => {
    const composition = { ...REGULAR, regime: 'composition' as const, serviceChargeBps: 0 };
    expect(paymentTotals(order.lines, '', composition)).toMatchObject({
      taxPaise: 0,
      rates: [],
      roundOffPaise: 1,
      totalPaise: 100000,
    });
  });
});

describe('a B2B buyer', () => {
  const b2b = (patch: Partial<PaymentFormValues>) =>
    form({
      method: 'Cash',
      status: 'Settled',
      b2b: true,
      buyerName: ' Acme Traders ',
      buyerGstin: ' 29aagcb7383j1z4 ',
      buyerAddress: ' 12 MG Road, Bengaluru ',
      ...patch,
    });

  it('sends the buyer trimmed, the GSTIN upper-cased, and shows its state', () => {
    expect(paymentRequest(b2b({}), order, KEY, PLAIN).body?.buyer).toEqual({
      name: 'Acme Traders',
      gstin: '29AAGCB7383J1Z4',
      address: '12 MG Road, Bengaluru',
    });
    expect(buyerGstinState(' 29aagcb7383j1z4')).toEqual({ code: '29', name: 'Karnataka' });
    expect(buyerGstinState('29AAGCB7383J1Z')).toBeNull();
  });

  it('refuses a GSTIN with a wrong check character or shape, and a blank name or address', () => {
    expect(
      paymentRequest(b2b({ buyerGstin: '29AAGCB7383J1Z5' }), order, KEY, PLAIN).errors,
    ).toEqual({ buyerGstin: gstinProblemText('check', '') });
    expect(
      Object.keys(
        paymentRequest(
          b2b({ buyerName: ' ', buyerGstin: 'ABC', buyerAddress: '' }),
          order,
          KEY,
          PLAIN,
        ).errors ?? {},
      ).sort(),
    ).toEqual(['buyerAddress', 'buyerGstin', 'buyerName']);
  });

  it('sends no buyer when B2B is off, whatever was typed', () => {
    const values = b2b({ b2b: false, buyerGstin: 'junk' });
    expect(paymentRequest(values, order, KEY, PLAIN).body?.buyer).toBeNull();
  });
});

describe('the payment request', () => {
  it('asks for a method and a status in the spec’s words', () => {
    expect(paymentRequest(form({}), order, KEY, PLAIN).errors).toEqual({
      status: MESSAGES.payment.methodAndStatusRequired,
    });
    expect(paymentRequest(form({ status: 'Settled' }), order, KEY, PLAIN).errors).toEqual({
      method: MESSAGES.payment.methodAndStatusRequired,
    });
  });

  it('asks for the responsible person of a due, and refuses a blank one', () => {
    const due = withStatus(form({ responsible: '   ' }), 'Due');
    expect(paymentRequest(due, order, KEY, PLAIN).errors).toEqual({
      responsible: MESSAGES.payment.responsibleRequired,
    });
  });

  it('refuses a discount above 100 %', () => {
    const values = form({ discount: '101', method: 'Cash', status: 'Settled' });
    expect(paymentRequest(values, order, KEY, PLAIN).errors?.discount).toBe(
      MESSAGES.payment.discountOutOfRange,
    );
  });

  it('pays a settled bill whole by its method, with the order’s version and the key', () => {
    const values = withMethod(form({ discount: '12.5', status: 'Settled' }), 'Card');
    expect(paymentRequest(values, order, KEY, PLAIN).body).toEqual({
      idempotencyKey: KEY,
      expectedVersion: 7,
      discountPercent: 12.5,
      discountFlatPaise: 0,
      status: 'Settled',
      payments: [{ method: 'Card', amountPaise: 87499 }],
      serviceCharge: true,
      buyer: null,
      lines: null,
    });
  });

  it('sends a due with its responsible person and nothing received', () => {
    const values = { ...withMethod(form({}), 'Due'), responsible: ' Ravi ' };
    expect(values.status).toBe('Due');
    expect(paymentRequest(values, order, KEY, PLAIN).body).toMatchObject({
      status: 'Due',
      responsible: 'Ravi',
      payments: [],
    });
  });

  it('splits ₹500 in cash and the rest by UPI, and refuses rows that do not add up', () => {
    const rows = [splitRow('Cash', '500'), splitRow('UPI', '499.99')];
    const values = form({ split: true, status: 'Settled', rows });
    expect(splitPaidPaise(rows)).toBe(99999);
    expect(paymentRequest(values, order, KEY, PLAIN).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 50000 },
      { method: 'UPI', amountPaise: 49999 },
    ]);
    const short = form({
      split: true,
      status: 'Settled',
      rows: [splitRow('Cash', '500'), splitRow('UPI')],
    });
    expect(paymentRequest(short, order, KEY, PLAIN).errors?.rows).toBe(
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
    expect(paymentRequest(part, order, KEY, PLAIN).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 50000 },
    ]);
    const bad = form({ split: true, status: 'Settled', rows: [splitRow('Cash', '5,00')] });
    expect(Object.keys(paymentRequest(bad, order, KEY, PLAIN).errors ?? {})).toEqual([
      'rows.0.amount',
    ]);
  });

  it('settles a bill discounted to nothing by the method chosen, for no money', () => {
    const values = form({ discount: '100', method: 'Cash', status: 'Settled' });
    expect(paymentRequest(values, order, KEY, PLAIN).body?.payments).toEqual([
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

  it('tells lines of one product with other choices apart (a note moved is one removed, one added)', () => {
    const now = [line('tea', 25000, 2, 'no sugar'), order.lines[1]!];
    expect(orderChanges(order.lines, now)).toEqual([
      { kind: 'added', line: now[0] },
      { kind: 'removed', line: order.lines[0] },
    ]);
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
    expect(paymentRequest(due, order, KEY, PLAIN).errors).toEqual({
      status: 'Nothing is owed on a ₹0 bill: choose Settled.',
    });
  });
});

describe('upiAmountPaise (the payment modal’s UPI QR)', () => {
  it('is the whole total when the bill is paid by UPI, and nothing for another method', () => {
    const values = initialPaymentValues();
    expect(upiAmountPaise({ ...values, method: 'UPI', status: 'Settled' }, 53_000)).toBe(53_000);
    expect(upiAmountPaise({ ...values, method: 'Cash', status: 'Settled' }, 53_000)).toBe(0);
  });

  it('is the UPI rows of a split, whatever the cash rows say', () => {
    const values = {
      ...initialPaymentValues(),
      split: true,
      rows: [splitRow('Cash', '200'), splitRow('UPI', '330.50'), splitRow('UPI', 'abc')],
    };
    expect(upiAmountPaise(values, 53_050)).toBe(33_050);
  });
});

describe('cash at the counter', () => {
  it('cash received → change: what to give back, or how much is still short', () => {
    expect(cashChange('2000', 187_450)).toEqual({ changePaise: 12_550 });
    expect(cashChange(' 1874.50 ', 187_450)).toEqual({ changePaise: 0 });
    expect(cashChange('1000', 187_450)).toEqual({ shortPaise: 87_450 });
    expect(cashChange('', 187_450)).toBeNull();
    expect(cashChange('12.345', 187_450)).toBeNull();
    expect(cashChange('500', null)).toBeNull();
  });

  it('choosing Cash, Card or UPI makes the bill Settled; Due makes it Due', () => {
    for (const method of ['Cash', 'Card', 'UPI'] as const) {
      expect(withMethod(initialPaymentValues(), method)).toMatchObject({
        method,
        status: 'Settled',
      });
    }
    expect(withMethod(initialPaymentValues(), 'Due').status).toBe('Due');
    const due = withMethod(initialPaymentValues(), 'Due');
    expect(withMethod(due, 'Cash').status).toBe('Settled');
  });

  it('split tender fills the remainder into the last amount', () => {
    const values = { ...initialPaymentValues(), split: true, status: 'Settled' as const };
    const typed = withRowAmount(values, 0, '500', 99_999);
    expect(typed.rows.map((row) => row.amount)).toEqual(['500', '499.99']);
    // The last row typed by hand is left as typed.
    expect(withRowAmount(typed, 1, '400', 99_999).rows.map((row) => row.amount)).toEqual([
      '500',
      '400',
    ]);
    // More than the bill in the first rows leaves nothing for the last.
    expect(withRowAmount(values, 0, '2000', 99_999).rows[1]!.amount).toBe('');
    // Three rows: the last takes what the first two leave.
    const three = { ...values, rows: [...values.rows, splitRow('Card')] };
    const filled = withRowAmount(withRowAmount(three, 0, '300', 99_999), 1, '200', 99_999);
    expect(filled.rows.map((row) => row.amount)).toEqual(['300', '200', '499.99']);
    expect(paymentRequest(filled, order, KEY, PLAIN).body?.payments).toEqual([
      { method: 'Cash', amountPaise: 30_000 },
      { method: 'UPI', amountPaise: 20_000 },
      { method: 'Card', amountPaise: 49_999 },
    ]);
  });
});

describe('a flat ₹ discount', () => {
  it('comes off after the percentage through computeBill, and is at most what is left', () => {
    // ₹999.99 − 10 % (₹100.00) = ₹899.99, − ₹99.99 flat = ₹800.00.
    const totals = paymentTotals(order.lines, '10', PLAIN, true, '99.99');
    expect(totals).toMatchObject({ discountPaise: 19_999, totalPaise: 80_000 });
    const values = withMethod(
      { ...initialPaymentValues(), discount: '10', discountFlat: '99.99' },
      'Cash',
    );
    expect(paymentRequest(values, order, KEY, PLAIN).body).toMatchObject({
      discountPercent: 10,
      discountFlatPaise: 9_999,
      payments: [{ method: 'Cash', amountPaise: 80_000 }],
    });
    const tooMuch = { ...values, discountFlat: '900' };
    expect(paymentTotals(order.lines, '10', PLAIN, true, '900')).toBeNull();
    expect(paymentRequest(tooMuch, order, KEY, PLAIN).errors).toEqual({
      discountFlat:
        'The flat discount can be at most ₹899.99: the bill before tax, after the percentage',
    });
    expect(paymentRequest({ ...values, discountFlat: 'abc' }, order, KEY, PLAIN).errors).toEqual({
      discountFlat: 'Enter an amount in rupees, with at most 2 decimals',
    });
  });
});
