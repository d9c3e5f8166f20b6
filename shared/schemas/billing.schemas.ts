import { z } from 'zod';
import { BILL_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants';
import { TAX_REGIMES, gstinProblem, gstinProblemText } from '../gst';
import { MESSAGES } from '../messages';
import { MAX_ORDER_TOTAL_PAISE, isPercent, percentToBps } from '../money';
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS } from '../split';
import { branchDetailsSchema } from './branch-settings.schemas';
import { errorBodySchema, requiredText, safeString, shiftHintSchema } from './common.schemas';
import { lineAddonSchema, tableOrderSchema } from './tables.schemas';
import { taxProfileSchema } from './tax-profile.schemas';

/**
 * Billing: paying a table's order (one bill) and reading a bill for printing (the branch's own
 * details and tax profile are shared/schemas/branch-settings.schemas.ts).
 *
 * Money is integer paise; the discount travels as the typed percentage (0–100, at most 2
 * decimals) and is stored as basis points. The bill's figures are `computeOrderBill` of
 * shared/tax.ts with the branch's tax profile, on the modal and on the server alike.
 */

/** Methods money can come in by when a table is paid (a Due bill is the bill's status). */
export const RECEIVED_METHODS = [
  'Cash',
  'Card',
  'UPI',
] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export type ReceivedMethod = (typeof RECEIVED_METHODS)[number];

/** Most payment rows of one bill (a split). */
export const MAX_SPLIT_PAYMENTS = 5;
/** Longest responsible person's name. */
export const MAX_RESPONSIBLE = 80;

const { methodAndStatusRequired, responsibleRequired, discountOutOfRange } = MESSAGES.payment;

/** Messages of ours about billing that forms and the server share. */
export const BILLING_TEXT = {
  paymentAmount: 'Payment amount must be a whole number of paise above 0',
  tooManyPayments: `A bill can be split into at most ${MAX_SPLIT_PAYMENTS} payments`,
  discountFlat: `Flat discount must be a whole number of paise from 0 to ${MAX_ORDER_TOTAL_PAISE}`,
  buyerGstin: "Enter the buyer's valid 15-character GSTIN",
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const paymentRowInputSchema = z.object({
  method: z.enum(RECEIVED_METHODS, { error: methodAndStatusRequired }),
  amountPaise: z
    .number({ error: BILLING_TEXT.paymentAmount })
    .int(BILLING_TEXT.paymentAmount)
    // 0 only names the method of a fully discounted bill; no money row is stored for it.
    .min(0, BILLING_TEXT.paymentAmount)
    .max(Number.MAX_SAFE_INTEGER, BILLING_TEXT.paymentAmount),
});
export type PaymentRowInput = z.infer<typeof paymentRowInputSchema>;

/** A B2B bill's buyer: name, GSTIN (validated, upper-cased) and address. */
export const buyerSchema = z.object({
  name: requiredText('Buyer name', 120),
  gstin: safeString('Buyer GSTIN')
    .trim()
    .transform((value) => value.toUpperCase())
    .superRefine((value, ctx) => {
      const problem = gstinProblem(value);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: gstinProblemText(problem, BILLING_TEXT.buyerGstin),
        });
      }
    }),
  address: requiredText('Buyer address', 300, { multiline: true }),
});
export type Buyer = z.infer<typeof buyerSchema>;

/** Most lines a split by items may name (an order has far fewer). */
export const MAX_SPLIT_LINES = 200;
const splitQuantityError = 'Quantity to pay must be a whole number above 0';

/** One line of a split by items: the order line's key and how many of it this bill pays. */
export const splitLineSchema = z.object({
  key: safeString('Line').max(1000, MESSAGES.validation.tooLong('Line', 1000)),
  quantity: z
    .number({ error: splitQuantityError })
    .int(splitQuantityError)
    .min(1, splitQuantityError)
    .max(100_000, splitQuantityError),
});
export type SplitLine = z.infer<typeof splitLineSchema>;

/**
 * POST /api/tables/:tableId/payments. The amounts are checked against the order on the server
 * (the schema does not know the total): Settled → the payments add up to the discounted total;
 * Due → they add up to less (none, or a part paid now).
 */
export const paymentBodySchema = z
  .object({
    shiftId: shiftHintSchema,
    idempotencyKey: z.uuid({
      error: (issue) =>
        issue.input === undefined ? 'Idempotency key is required' : 'Enter a valid id',
    }),
    /** The order's `version` the modal showed. */
    expectedVersion: z
      .number({ error: 'Order version is required' })
      .int('Order version must be a whole number')
      .min(0, 'Order version must be a whole number'),
    /** Percent as typed, 0–100 with at most 2 decimals; becomes `discountBps`. */
    discountPercent: z
      .number({ error: discountOutOfRange })
      .refine((value) => isPercent(value), discountOutOfRange)
      .default(0),
    /**
     * A flat ₹ discount in paise, besides the percentage (after it, before tax: computeBill);
     * at most what the percentage leaves of the bill (checked on the server).
     */
    discountFlatPaise: z
      .number({ error: BILLING_TEXT.discountFlat })
      .int(BILLING_TEXT.discountFlat)
      .min(0, BILLING_TEXT.discountFlat)
      .max(MAX_ORDER_TOTAL_PAISE, BILLING_TEXT.discountFlat)
      .default(0),
    status: z.enum(PAYMENT_STATUSES, { error: methodAndStatusRequired }),
    responsible: safeString('Responsible person')
      .trim()
      .max(MAX_RESPONSIBLE, MESSAGES.validation.tooLong('Responsible person', MAX_RESPONSIBLE))
      .optional(),
    payments: z
      .array(paymentRowInputSchema, { error: methodAndStatusRequired })
      .max(MAX_SPLIT_PAYMENTS, BILLING_TEXT.tooManyPayments)
      .default([]),
    /** False removes the branch's service charge from this bill (it is voluntary). */
    serviceCharge: z.boolean({ error: 'Service charge must be true or false' }).default(true),
    /** A B2B bill's buyer (a registered business): printed on the tax invoice. */
    buyer: buyerSchema.nullable().default(null),
    /**
     * A split by items: the lines (by key) and quantities this bill pays; the rest stays on
     * the table. Null (the default) pays the whole order.
     */
    lines: z
      .array(splitLineSchema, { error: 'Lines must be a list' })
      .min(1, 'Choose at least one item to pay')
      .max(MAX_SPLIT_LINES, `A split may name at most ${MAX_SPLIT_LINES} lines`)
      .nullable()
      .default(null),
  })
  .superRefine((body, ctx) => {
    if (body.lines && new Set(body.lines.map((line) => line.key)).size !== body.lines.length) {
      ctx.addIssue({ code: 'custom', message: 'Name each line once', path: ['lines'] });
    }
    if (body.status === 'Settled' && body.payments.length === 0) {
      ctx.addIssue({ code: 'custom', message: methodAndStatusRequired, path: ['payments'] });
    }
    if (body.status === 'Due' && !body.responsible) {
      ctx.addIssue({ code: 'custom', message: responsibleRequired, path: ['responsible'] });
    }
  })
  .transform(({ discountPercent, responsible, ...body }) => ({
    ...body,
    discountBps: percentToBps(discountPercent),
    // A name is kept only on a Due bill: it says who owes.
    responsible: body.status === 'Due' ? (responsible ?? null) : null,
  }));
export type PaymentBody = z.input<typeof paymentBodySchema>;

/**
 * POST /api/tables/:tableId/payments/equal-split: the whole order paid as N equal parts
 * (docs/kitchen.md, "Equal split"), each its own bill, settled by its own payments. The parts'
 * amounts are shared/split.ts's; each part's payments must add up to its amount.
 */
export const equalSplitBodySchema = z.object({
  shiftId: shiftHintSchema,
  idempotencyKey: z.uuid({
    error: (issue) =>
      issue.input === undefined ? 'Idempotency key is required' : 'Enter a valid id',
  }),
  expectedVersion: z
    .number({ error: 'Order version is required' })
    .int('Order version must be a whole number')
    .min(0, 'Order version must be a whole number'),
  discountPercent: z
    .number({ error: discountOutOfRange })
    .refine((value) => isPercent(value), discountOutOfRange)
    .default(0),
  serviceCharge: z.boolean({ error: 'Service charge must be true or false' }).default(true),
  /** One entry per part, in order: the money received for it. */
  parts: z
    .array(
      z.object({
        payments: z
          .array(paymentRowInputSchema, { error: methodAndStatusRequired })
          .min(1, methodAndStatusRequired)
          .max(MAX_SPLIT_PAYMENTS, BILLING_TEXT.tooManyPayments),
      }),
      { error: 'Parts must be a list' },
    )
    .min(MIN_SPLIT_PARTS, `Split into ${MIN_SPLIT_PARTS} to ${MAX_SPLIT_PARTS} parts`)
    .max(MAX_SPLIT_PARTS, `Split into ${MIN_SPLIT_PARTS} to ${MAX_SPLIT_PARTS} parts`),
});
export type EqualSplitBody = z.input<typeof equalSplitBodySchema>;
export type EqualSplitInput = z.output<typeof equalSplitBodySchema>;
export type PaymentInput = z.output<typeof paymentBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * One line of a bill: name, subcategory, price and GST as they were when it was paid. The GST
 * fields are null on bills made before GST billing; `gstRateBps` is null when no GST was
 * charged on the line.
 */
export const billLineSchema = z.object({
  productId: z.string().nullable(),
  /** As ordered: the product's name, with the variant's in brackets ('Biryani (Half)'). */
  name: z.string(),
  /** The variant as ordered (null without one). */
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  /** The add-ons as ordered, each with its price (included in `unitPricePaise`). */
  addons: z.array(lineAddonSchema),
  /** The waiter's note ('' for none). */
  note: z.string(),
  subcategory: z.string().nullable(),
  unitPricePaise: z.number().int(),
  quantity: z.number().int(),
  lineTotalPaise: z.number().int(),
  hsn: z.string().nullable(),
  gstRateBps: z.number().int().nullable(),
  outsideGst: z.boolean().nullable(),
  discountPaise: z.number().int().nullable(),
  taxablePaise: z.number().int().nullable(),
  cgstPaise: z.number().int().nullable(),
  sgstPaise: z.number().int().nullable(),
  /**
   * A share of an order line on a part of an equal split: N when this line is one of N equal
   * shares (its total is its share of the line's money, its quantity its share of the items).
   */
  shareOf: z.number().int().nullable().optional(),
  /** A share line: which part carries it (1..shareOf); the last part carries the balance. */
  sharePart: z.number().int().optional(),
  /**
   * A share line: the order line's quantity (its amount = unit price × this; the share is 1/N
   * of it rounded, or the balance on the last part). Absent on shares made before it was kept.
   */
  wholeQuantity: z.number().int().optional(),
  /**
   * A complimentary line (docs/complimentary.md): billed at nothing for this reason; its value
   * at the menu's price. Null (or absent, on bills of before) for a charged line.
   */
  complimentary: z
    .object({ reason: z.string(), valuePaise: z.number().int() })
    .nullable()
    .optional(),
});

/** One row of a bill's tax summary: a GST rate's taxable value and its two halves. */
export const taxRateRowSchema = z.object({
  rateBps: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
});

/** A bill's tax (shared/tax.ts computeBill), as it was worked out when it was made. */
export const billTaxSchema = z.object({
  regime: z.enum(TAX_REGIMES),
  pricesIncludeTax: z.boolean(),
  taxablePaise: z.number().int(),
  nonGstPaise: z.number().int(),
  serviceChargeBps: z.number().int(),
  serviceChargePaise: z.number().int(),
  serviceChargeRateBps: z.number().int().nullable(),
  serviceChargeTaxPaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  taxPaise: z.number().int(),
  roundOffPaise: z.number().int(),
  /** Per GST rate, lines and service charge; empty when no GST was charged. */
  rates: z.array(taxRateRowSchema),
});
export type BillTax = z.infer<typeof billTaxSchema>;
export type BillLineView = z.infer<typeof billLineSchema>;

/** Money received for a bill (a split bill has several; a due settled later adds one). */
export const billPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountPaise: z.number().int(),
  receivedAt: z.string(),
  /** Who took the money (name), null if that account is gone. */
  receivedBy: z.string().nullable(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** A bill (the payment's answer). */
export const billSchema = z.object({
  id: z.string(),
  /** `<BRANCH CODE>/<financial year>/<6 digits>`, e.g. 'DC/2026-27/000123'. */
  number: z.string(),
  /** The branch's calendar day of the payment, 'YYYY-MM-DD'. */
  businessDate: z.string(),
  tableId: z.string(),
  tableLabel: z.string(),
  lines: z.array(billLineSchema),
  subtotalPaise: z.number().int(),
  discountBps: z.number().int(),
  /** All of the discount: the percentage's and the flat amount. */
  discountPaise: z.number().int(),
  /** The flat ₹ discount given besides the percentage (part of `discountPaise`). */
  discountFlatPaise: z.number().int(),
  totalPaise: z.number().int(),
  status: z.enum(BILL_STATUSES),
  /** The method of the largest payment, or 'Due' for a Due bill. */
  method: z.enum(PAYMENT_METHODS),
  responsible: z.string().nullable(),
  payments: z.array(billPaymentSchema),
  paidPaise: z.number().int(),
  createdAt: z.string(),
  /** The cashier's name, null if that account is gone. */
  createdBy: z.string().nullable(),
  /** Guests (covers) of the table, on the bill that emptied it; null when not said. */
  guests: z.number().int().nullable(),
  /**
   * A part of an equal split: part `part` of `parts`; `totalPaise` the whole bill's grand total
   * the parts add up to, `differencePaise` (signed, on the last part only) what this part adds
   * to its own total so they do (docs/gst.md, "Equal split"). The bill's `totalPaise` includes
   * it. Parts made before these were kept have neither.
   */
  split: z
    .object({
      part: z.number().int(),
      parts: z.number().int(),
      totalPaise: z.number().int().optional(),
      differencePaise: z.number().int().optional(),
    })
    .nullable()
    .optional(),
  /** Null on a bill made before GST billing (untaxed). */
  tax: billTaxSchema.nullable(),
  /** The tax profile the bill was made with (null before GST billing). */
  seller: taxProfileSchema.nullable(),
  buyer: z.object({ name: z.string(), gstin: z.string(), address: z.string() }).nullable(),
  /** A cancelled bill: when, by whom (name) and why. */
  cancellation: z
    .object({ at: z.string(), by: z.string().nullable(), reason: z.string() })
    .nullable(),
});
export type Bill = z.infer<typeof billSchema>;

/** GET /api/bills/:id: a bill with what its printout shows of the branch. */
export const billPrintSchema = billSchema.extend({ branch: branchDetailsSchema });
export type BillPrint = z.infer<typeof billPrintSchema>;

/**
 * GET /api/tables/:tableId/last-bill: the table's most recent bill, null if it never had one.
 * A payment modal whose order emptied under it asks this: a bill paid since the order it showed
 * was opened means another device just paid the table.
 */
export const lastBillSchema = z.object({
  bill: z
    .object({
      id: z.string(),
      number: z.string(),
      totalPaise: z.number().int(),
      status: z.enum(BILL_STATUSES),
      createdAt: z.string(),
    })
    .nullable(),
});
export type LastBill = z.infer<typeof lastBillSchema>;

/**
 * 409 `billing.order_changed`: the order changed on another device since the modal opened.
 * `order` is the order as it is now; the cashier checks the amount and pays again.
 */
export const orderChangedSchema = errorBodySchema.extend({ order: tableOrderSchema });
export type OrderChanged = z.infer<typeof orderChangedSchema>;

/** The answer of an equal split: every part's bill, in order. */
export const equalSplitBillsSchema = z.object({ bills: z.array(billSchema) });
export type EqualSplitBills = z.infer<typeof equalSplitBillsSchema>;
