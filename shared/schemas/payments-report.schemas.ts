import { z } from 'zod';
import {
  DUES_SETTLE_METHODS,
  PAYMENT_METHODS,
  BILL_STATUSES,
  type DuesSettleMethod,
  type PaymentMethod,
} from '../constants';
import { billSchema } from './billing.schemas';
import { searchQuerySchema, searchText, shiftHintSchema } from './common.schemas';
import { dateRangeQuerySchema, pageQuerySchema, pagedSchema } from './reports.schemas';

/**
 * The Payment History Report, the Dues report, settling a due (Due → Settled with a method)
 * and a bill's 'Associated Orders' panel (its lines, payments and status history).
 *
 * Money is integer paise. A bill's money came in as `bill_payments` rows (a split is several, a
 * due settled later one more); what a Due bill still owes is its total minus what was paid.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** GET /api/reports/payments: business days From–To (inclusive), search, page. */
export const paymentsReportQuerySchema = dateRangeQuerySchema.safeExtend({
  search: searchText,
  ...pageQuerySchema.shape,
});
export type PaymentsReportQuery = z.input<typeof paymentsReportQuerySchema>;

/** GET /api/reports/payments.csv: the same filters, every matching bill. */
export const paymentsCsvQuerySchema = dateRangeQuerySchema.safeExtend({ search: searchText });

/** GET /api/reports/dues: search by table, method or responsible (any case), page. */
export const duesQuerySchema = searchQuerySchema.safeExtend(pageQuerySchema.shape);

/** ours: the dues popup sent no method, or one it does not offer. */
export const SETTLE_METHOD_MESSAGE = `Choose a payment method: ${DUES_SETTLE_METHODS.join(', ')}`;

/** POST /api/bills/:id/settlement: mark a Due bill Settled, the rest paid by `method`. */
export const settleBodySchema = z.object({
  method: z.enum(DUES_SETTLE_METHODS, { error: SETTLE_METHOD_MESSAGE }),
  shiftId: shiftHintSchema,
});
export type SettleBody = z.infer<typeof settleBodySchema>;

/**
 * The method a settlement offers first (spec: "default method in the popup is the existing one
 * or Cash"): the bill's method when the popup offers it, else Cash. A Due bill is listed under
 * 'Due', which is not a way to pay, so in practice that is Cash. The payment report's Yes
 * settles with this same method.
 */
export function defaultSettleMethod(method: PaymentMethod): DuesSettleMethod {
  return (DUES_SETTLE_METHODS as readonly PaymentMethod[]).includes(method)
    ? (method as DuesSettleMethod)
    : 'Cash';
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const paise = z.number().int();

/**
 * The order of the report's per-method totals: money received first, then 'Due', what the
 * bills of the range still owe.
 */
export const REPORT_METHODS = [
  'Cash',
  'Card',
  'UPI',
  'Other',
  'Due',
] as const satisfies readonly PaymentMethod[];

/** One bill of the payment report. */
export const paymentsReportRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  businessDate: z.string(),
  /** The payment time (UTC ISO). */
  createdAt: z.string(),
  tableLabel: z.string(),
  subtotalPaise: paise,
  discountPaise: paise,
  /** After the discount: what the bill is worth. */
  totalPaise: paise,
  /** Received so far (every payment row of the bill). */
  paidPaise: paise,
  method: z.enum(PAYMENT_METHODS),
  /**
   * The money received per method (Cash, Card, UPI, Other; none of 0): a split has several.
   * `formatPaymentMethods` of shared/payment-methods.ts says it in words.
   */
  paidByMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amountPaise: paise })),
  status: z.enum(BILL_STATUSES),
  responsible: z.string().nullable(),
});
export type PaymentsReportRow = z.infer<typeof paymentsReportRowSchema>;

export const methodTotalSchema = z.object({ method: z.enum(REPORT_METHODS), amountPaise: paise });
export type MethodTotal = z.infer<typeof methodTotalSchema>;

/**
 * The page of bills and the totals of every bill that matches (not only the page): the sum of
 * the bills' totals equals `grandTotalPaise` equals the sum of `byMethod`, to the paisa.
 */
export const paymentsReportSchema = pagedSchema(paymentsReportRowSchema).extend({
  /** The range answered (the branch's today when none was asked). */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    /** The bills summed: every matching bill but the cancelled ones. */
    bills: z.number().int(),
    grandTotalPaise: paise,
    /** Every method of REPORT_METHODS, in that order, 0 when nothing came that way. */
    byMethod: z.array(methodTotalSchema),
    /** Net sales: taxable value + outside GST + service charge (total − tax − round-off). */
    netSalesPaise: paise,
    /** GST collected: CGST + SGST. */
    taxPaise: paise,
  }),
});
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;

/** One Due bill of the dues report. */
export const dueRowSchema = z.object({
  id: z.string(),
  number: z.string(),
  tableLabel: z.string(),
  /** Before the discount (the spec's "total"). */
  subtotalPaise: paise,
  /** After it (the spec's "discounted total"). */
  totalPaise: paise,
  paidPaise: paise,
  /** Still owed: total minus what was paid already. */
  outstandingPaise: paise,
  method: z.enum(PAYMENT_METHODS),
  status: z.literal('Due'),
  responsible: z.string(),
  createdAt: z.string(),
});
export type DueRow = z.infer<typeof dueRowSchema>;

/** Who owes how much, on how many bills, since when (their oldest due). */
export const dueGroupSchema = z.object({
  responsible: z.string(),
  billCount: z.number().int(),
  outstandingPaise: paise,
  since: z.string(),
});
export type DueGroup = z.infer<typeof dueGroupSchema>;

/**
 * The page of Due bills (newest first) and, over every Due bill that matches (not only the
 * page), the total outstanding and who owes it.
 */
export const duesReportSchema = pagedSchema(dueRowSchema).extend({
  totalOutstandingPaise: paise,
  /** Largest amount owed first; names grouped whatever their case. */
  byResponsible: z.array(dueGroupSchema),
});
export type DuesReport = z.infer<typeof duesReportSchema>;

const billStateSchema = z.object({
  status: z.enum(BILL_STATUSES),
  /** Null in entries written before the method was recorded. */
  method: z.enum(PAYMENT_METHODS).nullable(),
});
export type BillState = z.infer<typeof billStateSchema>;

/** One entry of a bill's status history, from the audit trail. */
export const billHistoryEntrySchema = z.object({
  at: z.string(),
  /** Who (name), null if that account is gone. */
  by: z.string().nullable(),
  /** 'billed': the payment that made the bill; 'status_change': a later change. */
  kind: z.enum(['billed', 'status_change']),
  /** Null for 'billed'. */
  from: billStateSchema.nullable(),
  to: billStateSchema,
});
export type BillHistoryEntry = z.infer<typeof billHistoryEntrySchema>;

/** GET /api/bills/:id/associated-orders: the bill, its payments, its history (oldest first). */
export const associatedOrdersSchema = z.object({
  bill: billSchema,
  history: z.array(billHistoryEntrySchema),
});
export type AssociatedOrders = z.infer<typeof associatedOrdersSchema>;
