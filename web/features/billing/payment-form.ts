import { uuidv7 } from '../../lib/uuid-v7';
import {
  BILL_PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../shared/constants';
import { isValidGstin, normalizeGstin, stateOfGstin } from '../../../shared/gst';
import { MESSAGES } from '../../../shared/messages';
import {
  isPercent,
  isRupeeAmount,
  paiseToRupeesString,
  percentToBps,
  rupeesToPaise,
  sumPaise,
} from '../../../shared/money';
import { chargedPaise } from '../../../shared/complimentary';
import {
  computeOrderBill,
  maxFlatDiscountPaise,
  type TaxProfileInput,
  type TaxedBill,
} from '../../../shared/tax';
import {
  buyerSchema,
  type PaymentBody,
  type ReceivedMethod,
  type SplitLine,
} from '../../../shared/schemas/billing.schemas';
import type { OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';
import { BILLING_TEXT } from './billing-text';

export type BillMethod = (typeof BILL_PAYMENT_METHODS)[number];

export interface SplitRow {
  /** React key, made on the device. */
  key: string;
  method: ReceivedMethod;
  /** Rupees as typed. */
  amount: string;
}

/** The payment modal's form, as typed. */
export interface PaymentFormValues {
  /** Percent as typed, '' = 0. */
  discount: string;
  /** A flat ₹ discount besides the percentage, rupees as typed, '' = 0. */
  discountFlat: string;
  method: BillMethod | '';
  status: PaymentStatus | '';
  responsible: string;
  split: boolean;
  rows: SplitRow[];
  /** The branch's (voluntary) service charge on this bill; the cashier may remove it. */
  serviceCharge: boolean;
  /** A B2B bill: the buyer's name, GSTIN and address are printed on it. */
  b2b: boolean;
  buyerName: string;
  buyerGstin: string;
  buyerAddress: string;
  /** Rupees the guest handed over for a Cash bill (only to work out the change), '' = none. */
  cashReceived: string;
}

export const PAYMENT_FIELDS = [
  'discount',
  'discountFlat',
  'buyerName',
  'buyerGstin',
  'buyerAddress',
  'method',
  'status',
  'responsible',
  'rows',
] as const;

export const splitRow = (method: ReceivedMethod, amount = ''): SplitRow => ({
  key: uuidv7(),
  method,
  amount,
});

export const initialPaymentValues = (): PaymentFormValues => ({
  discount: '',
  discountFlat: '',
  method: '',
  status: '',
  responsible: '',
  split: false,
  rows: [splitRow('Cash'), splitRow('UPI')],
  serviceCharge: true,
  b2b: false,
  buyerName: '',
  buyerGstin: '',
  buyerAddress: '',
  cashReceived: '',
});

/** The discount as basis points, or null when it is no percentage between 0 and 100. */
export function discountBpsOf(discount: string): number | null {
  const text = discount.trim() === '' ? '0' : discount;
  return isPercent(text) ? percentToBps(text) : null;
}

/** The flat discount in paise, or null when it is not a rupee amount ('' is 0). */
export function discountFlatPaiseOf(discountFlat: string): number | null {
  const text = discountFlat.trim();
  if (text === '') return 0;
  return isRupeeAmount(text) ? rupeesToPaise(text) : null;
}

/** The most the flat discount may be on these lines with this percentage (null: unknown). */
function maxFlatOf(lines: readonly OrderLine[], bps: number): number {
  return maxFlatDiscountPaise(sumPaise(lines.map((line) => line.lineTotalPaise)), bps);
}

/**
 * The bill's figures for the lines shown, the discounts typed (percentage, then flat ₹) and the
 * service charge choice: shared/tax.ts computeBill with the branch's current tax profile, the
 * server's own calculation; null while a discount is not valid (or the flat one too large).
 */
export function paymentTotals(
  lines: readonly OrderLine[],
  discount: string,
  profile: TaxProfileInput,
  serviceCharge = true,
  discountFlat = '',
): TaxedBill | null {
  const bps = discountBpsOf(discount);
  const flat = discountFlatPaiseOf(discountFlat);
  if (bps === null || flat === null || flat > maxFlatOf(lines, bps)) return null;
  return computeOrderBill(lines, bps, profile, { serviceCharge, discountFlatPaise: flat });
}

/** The state a GSTIN being typed belongs to, once it is a valid one (else null). */
export function buyerGstinState(gstin: string) {
  return stateOfGstin(normalizeGstin(gstin));
}

/** The buyer of a B2B bill as sent, or the form's errors for it (by its field names). */
function buyerOf(
  values: PaymentFormValues,
):
  | { buyer: PaymentRequest['buyer']; errors?: undefined }
  | { buyer?: undefined; errors: Record<string, string> } {
  if (!values.b2b) return { buyer: null };
  const buyer = {
    name: values.buyerName.trim(),
    gstin: normalizeGstin(values.buyerGstin),
    address: values.buyerAddress.trim(),
  };
  const errors: Record<string, string> = {};
  const parsed = buyerSchema.safeParse(buyer);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = { name: 'buyerName', gstin: 'buyerGstin', address: 'buyerAddress' }[
        String(issue.path[0]) as 'name' | 'gstin' | 'address'
      ];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  // The schema's own check, said again for a GSTIN that only fails its check character.
  if (!errors.buyerGstin && !isValidGstin(buyer.gstin)) {
    errors.buyerGstin = BILLING_TEXT.buyerGstinInvalid;
  }
  return Object.keys(errors).length > 0 ? { errors } : { buyer };
}

/** The split rows' amounts in paise (a row not yet a valid amount counts 0). */
export function splitPaidPaise(rows: readonly SplitRow[]): number {
  return sumPaise(rows.map((row) => (isRupeeAmount(row.amount) ? rupeesToPaise(row.amount) : 0)));
}

/** The body of POST /api/tables/:tableId/payments, every field set. */
export type PaymentRequest = Required<Omit<PaymentBody, 'responsible' | 'shiftId'>> &
  Pick<PaymentBody, 'responsible' | 'shiftId'>;

/**
 * The amount being taken by UPI, for its QR: the UPI rows of a split, or the whole total of a
 * bill settled by UPI; 0 when none (or while the total is not known).
 */
export function upiAmountPaise(values: PaymentFormValues, totalPaise: number | null): number {
  if (values.split) {
    return splitPaidPaise(values.rows.filter((row) => row.method === 'UPI'));
  }
  // UPI as the method leaves the status Settled or not chosen yet (Due makes the method Due).
  return values.method === 'UPI' && totalPaise ? totalPaise : 0;
}

/**
 * Pairs method and status: 'Due' as a method means nothing is paid now, so the bill is Due;
 * money taken now (Cash, Card, UPI) means it is Settled: one tap less on every bill.
 */
export function withMethod(values: PaymentFormValues, method: BillMethod | ''): PaymentFormValues {
  if (method === 'Due') return { ...values, method, status: 'Due' };
  if (method !== '' && !values.split) return { ...values, method, status: 'Settled' };
  return { ...values, method };
}

/**
 * The change to give back from the cash received for a bill of `totalPaise`: `changePaise`
 * (≥ 0), or `shortPaise` when less than the bill was handed over; null while nothing (or no
 * amount) is typed or the total is not known.
 */
export function cashChange(
  received: string,
  totalPaise: number | null,
): { changePaise: number } | { shortPaise: number } | null {
  const text = received.trim();
  if (text === '' || totalPaise === null || !isRupeeAmount(text)) return null;
  const difference = rupeesToPaise(text) - totalPaise;
  return difference >= 0 ? { changePaise: difference } : { shortPaise: -difference };
}

/**
 * A split's amount typed in row `index`; when it is not the last row, the last row takes what
 * is left of the bill (never below 0), so two-way tender is one amount typed.
 */
export function withRowAmount(
  values: PaymentFormValues,
  index: number,
  amount: string,
  totalPaise: number | null,
): PaymentFormValues {
  const rows = values.rows.map((row, i) => (i === index ? { ...row, amount } : row));
  const lastIndex = rows.length - 1;
  if (index !== lastIndex && lastIndex > 0 && totalPaise !== null) {
    const others = splitPaidPaise(rows.slice(0, lastIndex));
    const left = Math.max(0, totalPaise - others);
    rows[lastIndex] = { ...rows[lastIndex]!, amount: left === 0 ? '' : paiseToRupeesString(left) };
  }
  return { ...values, rows };
}

export function withStatus(
  values: PaymentFormValues,
  status: PaymentStatus | '',
): PaymentFormValues {
  if (status === 'Due' && !values.split) return { ...values, status, method: 'Due' };
  if (status === 'Settled' && values.method === 'Due') return { ...values, status, method: '' };
  return { ...values, status };
}

/**
 * The methods and statuses the modal offers for a bill of `totalPaise` (null: not known yet):
 * a ₹0 bill leaves nobody owing, so it offers no Due.
 */
export function offeredChoices(totalPaise: number | null): {
  methods: readonly BillMethod[];
  statuses: readonly PaymentStatus[];
} {
  if (totalPaise !== 0) return { methods: BILL_PAYMENT_METHODS, statuses: PAYMENT_STATUSES };
  return {
    methods: BILL_PAYMENT_METHODS.filter((method) => method !== 'Due'),
    statuses: PAYMENT_STATUSES.filter((status) => status !== 'Due'),
  };
}

/** The form without a Due choice (the bill came down to ₹0 while Due was chosen). */
export function withoutDue(values: PaymentFormValues): PaymentFormValues {
  if (values.status !== 'Due' && values.method !== 'Due') return values;
  return {
    ...values,
    status: values.status === 'Due' ? '' : values.status,
    method: values.method === 'Due' ? '' : values.method,
  };
}

type Checked =
  | { body: PaymentRequest; errors?: undefined }
  | { body?: undefined; errors: Record<string, string> };

/**
 * The form checked the way the spec asks (its messages word for word), then the request for
 * the order shown: its version, and the amounts received (the whole discounted total for a
 * settled bill; a split's rows; nothing or a part for a due).
 */
export function paymentRequest(
  values: PaymentFormValues,
  order: Pick<TableOrder, 'lines' | 'version'>,
  idempotencyKey: string,
  profile: TaxProfileInput,
  /** A split by items: the lines and quantities paid (`order` is then `splitOrder`'s). */
  split: readonly SplitLine[] | null = null,
): Checked {
  const errors: Record<string, string> = {};
  const bps = discountBpsOf(values.discount);
  if (bps === null) errors.discount = MESSAGES.payment.discountOutOfRange;
  const flat = discountFlatPaiseOf(values.discountFlat);
  if (flat === null) errors.discountFlat = BILLING_TEXT.amountInvalid;
  else if (bps !== null && flat > maxFlatOf(order.lines, bps)) {
    errors.discountFlat = BILLING_TEXT.discountFlatTooLarge(maxFlatOf(order.lines, bps));
  }
  if (!values.status || (!values.split && !values.method)) {
    errors[values.status ? 'method' : 'status'] = MESSAGES.payment.methodAndStatusRequired;
  }
  if (values.status === 'Due' && values.responsible.trim() === '') {
    errors.responsible = MESSAGES.payment.responsibleRequired;
  }
  if (values.status === 'Settled' && !values.split && values.method === 'Due') {
    errors.method = BILLING_TEXT.settledNeedsMoney;
  }
  const checkedBuyer = buyerOf(values);
  if (checkedBuyer.errors) Object.assign(errors, checkedBuyer.errors);
  if (bps === null || flat === null || Object.keys(errors).length > 0) return { errors };

  const { totalPaise } = computeOrderBill(order.lines, bps, profile, {
    serviceCharge: values.serviceCharge,
    discountFlatPaise: flat,
  });
  if (values.status === 'Due' && totalPaise === 0) {
    return { errors: { status: BILLING_TEXT.nothingOwed } };
  }
  let payments: PaymentRequest['payments'] = [];
  if (values.split) {
    // A row left empty counts for nothing; one with text must be an amount.
    const filled = values.rows.map((row) => row.amount.trim());
    const bad = filled.findIndex((amount) => amount !== '' && !isRupeeAmount(amount));
    if (bad >= 0) return { errors: { [`rows.${bad}.amount`]: BILLING_TEXT.amountInvalid } };
    payments = values.rows
      .map((row, index) => ({
        method: row.method,
        amountPaise: filled[index] === '' ? 0 : rupeesToPaise(row.amount),
      }))
      .filter((row) => row.amountPaise > 0);
    const paid = sumPaise(payments.map((row) => row.amountPaise));
    if (values.status === 'Settled' && paid !== totalPaise) {
      return { errors: { rows: BILLING_TEXT.splitMustAddUp(totalPaise, paid) } };
    }
    if (values.status === 'Due' && paid >= totalPaise) {
      return { errors: { rows: BILLING_TEXT.dueMustLeaveSomething } };
    }
  } else if (values.status === 'Settled') {
    // A fully discounted bill (₹0) still says how it was settled: a 0 row names the method.
    payments = [{ method: values.method as ReceivedMethod, amountPaise: totalPaise }];
  }

  return {
    body: {
      idempotencyKey,
      expectedVersion: order.version,
      discountPercent: bps / 100,
      discountFlatPaise: flat,
      status: values.status as PaymentStatus,
      ...(values.status === 'Due' ? { responsible: values.responsible.trim() } : {}),
      payments,
      serviceCharge: values.serviceCharge,
      buyer: checkedBuyer.buyer ?? null,
      lines: split ? split.map(({ key, quantity }) => ({ key, quantity })) : null,
    },
  };
}

/**
 * A split by items (docs/kitchen.md, "Move, merge, split"): the order as this bill pays it, the
 * chosen lines at the chosen quantities; null when a chosen line is gone or has fewer now (the
 * cashier chooses again).
 */
export function splitOrder(order: TableOrder, split: readonly SplitLine[]): TableOrder | null {
  const byKey = new Map(order.lines.map((line) => [line.key, line]));
  const lines: OrderLine[] = [];
  for (const pick of split) {
    const line = byKey.get(pick.key);
    if (!line || pick.quantity > line.quantity || pick.quantity < 1) return null;
    lines.push({
      ...line,
      quantity: pick.quantity,
      // Its complimentary items first (shared/complimentary.ts), as the payment bills them.
      lineTotalPaise: chargedPaise(line, pick.quantity),
    });
  }
  return { ...order, lines, totalPaise: sumPaise(lines.map((line) => line.lineTotalPaise)) };
}

export type LineChange =
  | { kind: 'added'; line: OrderLine }
  | { kind: 'removed'; line: OrderLine }
  | { kind: 'changed'; line: OrderLine; before: OrderLine };

/**
 * What changed between the order the cashier saw and the order now, line by line (a line is a
 * product with its choices: its `key`).
 */
export function orderChanges(
  before: readonly OrderLine[],
  now: readonly OrderLine[],
): LineChange[] {
  const old = new Map(before.map((line) => [line.key, line]));
  const changes: LineChange[] = [];
  for (const line of now) {
    const was = old.get(line.key);
    old.delete(line.key);
    if (!was) changes.push({ kind: 'added', line });
    else if (was.quantity !== line.quantity || was.unitPricePaise !== line.unitPricePaise) {
      changes.push({ kind: 'changed', line, before: was });
    }
  }
  for (const line of old.values()) changes.push({ kind: 'removed', line });
  return changes;
}
