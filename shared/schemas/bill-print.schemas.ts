import { z } from 'zod';
import { BILL_STATUSES } from '../constants';
import { MESSAGES } from '../messages';
import { isPercent, MAX_ORDER_TOTAL_PAISE, percentToBps } from '../money';
import { billLineSchema, billTaxSchema } from './billing.schemas';
import { uuidSchema } from './common.schemas';
import { taxProfileSchema } from './tax-profile.schemas';

/**
 * The bill before and after payment (docs/gst.md): a table's provisional bill (every figure of
 * the tax invoice, no number) and the list of today's bills staff may reprint.
 */

const { discountOutOfRange } = MESSAGES.payment;

const FLAT_DISCOUNT = 'Flat discount must be whole paise from 0';

/** A flat ₹ discount in paise, as the payment body takes it (checked against the bill later). */
const discountFlatPaise = z
  .number({ error: FLAT_DISCOUNT })
  .int(FLAT_DISCOUNT)
  .min(0, FLAT_DISCOUNT)
  .max(MAX_ORDER_TOTAL_PAISE, FLAT_DISCOUNT);

/**
 * GET /api/tables/:tableId/provisional-bill?discountPercent=10&discountFlatPaise=5000&serviceCharge=false:
 * the discounts as the payment body takes them (a percentage, 0–100, at most 2 decimals; a flat
 * amount in paise) and whether the branch's (voluntary) service charge is on this bill.
 */
export const provisionalBillQuerySchema = z
  .object({
    discountFlatPaise: z.coerce.number({ error: FLAT_DISCOUNT }).pipe(discountFlatPaise).optional(),
    discountPercent: z
      .string({ error: discountOutOfRange })
      .refine((value) => isPercent(value), discountOutOfRange)
      .optional(),
    serviceCharge: z
      .enum(['true', 'false'], { error: 'Service charge must be true or false' })
      .optional(),
  })
  .transform(({ discountPercent, discountFlatPaise: flat, serviceCharge }) => ({
    discountBps: discountPercent === undefined ? 0 : percentToBps(discountPercent),
    discountFlatPaise: flat ?? 0,
    serviceCharge: serviceCharge !== 'false',
  }));
export type ProvisionalBillQuery = z.input<typeof provisionalBillQuerySchema>;

/**
 * A table's provisional bill: the figures computeBill (shared/tax.ts) gives its order now with
 * the branch's current tax profile. Lines and `tax` have the shapes of a bill's (a bill line's
 * GST fields are all set here); no number, no payments.
 */
export const provisionalBillSchema = z.object({
  tableId: z.string(),
  tableLabel: z.string(),
  /** When it was worked out (the printout's date and time). */
  at: z.string(),
  /** The branch's time zone, to print `at` in. */
  timeZone: z.string(),
  /** The order's version it was worked out from. */
  version: z.number().int(),
  /** When the open order began (its first tap): a print counts the prints since. */
  openedAt: z.string().nullable(),
  lines: z.array(billLineSchema),
  subtotalPaise: z.number().int(),
  discountBps: z.number().int(),
  /** The flat ₹ discount asked besides the percentage (included in `discountPaise`). */
  discountFlatPaise: z.number().int(),
  discountPaise: z.number().int(),
  totalPaise: z.number().int(),
  tax: billTaxSchema,
  seller: taxProfileSchema,
});
export type ProvisionalBill = z.infer<typeof provisionalBillSchema>;

/**
 * A provisional bill as a print job keeps it: the bill as it was when asked and which print of
 * the table's open order it is (1 the first; more are reprints, counted on paper).
 */
export interface ProvisionalPrint {
  bill: ProvisionalBill;
  printNumber: number;
}

/**
 * POST /api/tables/:tableId/provisional-bill/print: the payment modal's discount and service
 * charge choice (as the GET's query), and the device printer to print on, if this device has
 * one (its bytes come back); without it the branch's network bill printers print it.
 */
export const provisionalPrintBodySchema = z
  .object({
    discountPercent: z
      .string({ error: discountOutOfRange })
      .refine((value) => isPercent(value), discountOutOfRange)
      .optional(),
    discountFlatPaise: discountFlatPaise.optional(),
    serviceCharge: z.boolean({ error: 'Service charge must be true or false' }).optional(),
    devicePrinterId: uuidSchema.optional(),
  })
  .transform(({ discountPercent, discountFlatPaise: flat, serviceCharge, devicePrinterId }) => ({
    discountBps: discountPercent === undefined ? 0 : percentToBps(discountPercent),
    discountFlatPaise: flat ?? 0,
    serviceCharge: serviceCharge !== false,
    devicePrinterId,
  }));
export type ProvisionalPrintBody = z.input<typeof provisionalPrintBodySchema>;

/** One of today's bills, as the billing screen lists it for a reprint. */
export const todayBillSchema = z.object({
  id: z.string(),
  number: z.string(),
  tableLabel: z.string(),
  totalPaise: z.number().int(),
  status: z.enum(BILL_STATUSES),
  createdAt: z.string(),
});
export type TodayBill = z.infer<typeof todayBillSchema>;

/** Most bills GET /api/bills/today answers (newest first). */
export const MAX_TODAY_BILLS = 200;

/** GET /api/bills/today: the branch's bills of its business day, newest first. */
export const todayBillsSchema = z.object({
  /** The branch's business date, 'YYYY-MM-DD'. */
  businessDate: z.string(),
  /** The branch's time zone, to show each bill's time in. */
  timeZone: z.string(),
  items: z.array(todayBillSchema),
  /** True when the day has more bills than `MAX_TODAY_BILLS` (the oldest are left out). */
  truncated: z.boolean(),
});
export type TodayBills = z.infer<typeof todayBillsSchema>;
