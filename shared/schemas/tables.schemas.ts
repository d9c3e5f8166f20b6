import { z } from 'zod';
import { LABELS } from '../messages';
import { MAX_GUESTS } from '../constants';
import { MAX_LINE_ADDONS, MAX_LINE_DELTA } from '../menu';
import { requiredText, uuidSchema } from './common.schemas';
import { lineNoteSchema } from './menu.schemas';
import { sectionSchema } from './sections.schemas';

/**
 * Tables (and counters) and each table's open order.
 *
 * An order is changed one line at a time: `POST /api/tables/:tableId/lines` with a `delta`
 * (+1 add or increment, −1 decrement, −quantity remove). A line is a product with its choices:
 * variant, add-on options and note (shared/menu.ts `lineKeyOf`: the same choices are the same
 * line). The server adds the delta to the line
 * in one SQL statement, so two devices on one table never overwrite each other, and deletes a
 * line that reaches zero or below. `opId` is made on the device (UUID v7) for each tap: a
 * request retried after a network error with the same `opId` changes nothing and answers the
 * current order. Money is integer paise.
 */

/** Longest table label ('Table Number / Counter Number'). */
export const MAX_TABLE_LABEL = 40;
export { MAX_LINE_DELTA } from '../menu';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /api/tables (Add New Table) and PATCH /api/tables/:id (rename, manager). */
export const tableBodySchema = z.object({
  label: requiredText(LABELS.table.tableNumber, MAX_TABLE_LABEL),
  /** Its floor section (null: none). Left out: none when adding, unchanged when renaming. */
  sectionId: uuidSchema.nullable().optional(),
});
export type TableBody = z.input<typeof tableBodySchema>;

/** Path parameters of /api/tables/:tableId/… routes. */
export const tableIdParam = z.object({ tableId: uuidSchema });

/** POST /api/tables/:tableId/lines: one change of one line of the table's order. */
export const lineChangeSchema = z.object({
  opId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Operation id is required' : 'Enter a valid id'),
  }),
  productId: z.uuid({
    error: (issue) => (issue.input === undefined ? 'Product is required' : 'Enter a valid id'),
  }),
  delta: z
    .number({ error: 'Quantity change is required' })
    .int('Quantity change must be a whole number')
    .min(
      -MAX_LINE_DELTA,
      `Quantity change must be between -${MAX_LINE_DELTA} and ${MAX_LINE_DELTA}`,
    )
    .max(MAX_LINE_DELTA, `Quantity change must be between -${MAX_LINE_DELTA} and ${MAX_LINE_DELTA}`)
    .refine((delta) => delta !== 0, 'Quantity change cannot be zero'),
  /** Required of a product with variants (the card's tap sends its default variant). */
  variantId: uuidSchema.nullable().default(null),
  /** The add-on options chosen (each group's min and max are checked when adding). */
  addonIds: z
    .array(uuidSchema, { error: 'Add-ons must be a list' })
    .max(MAX_LINE_ADDONS, `A line may have at most ${MAX_LINE_ADDONS} add-ons`)
    .default([]),
  note: lineNoteSchema.default(''),
});
export type LineChange = z.input<typeof lineChangeSchema>;

/** PUT /api/tables/:tableId/guests: the guests seated at the table (null: not said). */
export const guestsBodySchema = z.object({
  guests: z
    .number({ error: 'Guests must be a number' })
    .int('Guests must be a whole number')
    .min(1, 'Guests must be at least 1')
    .max(MAX_GUESTS, `Guests must be at most ${MAX_GUESTS}`)
    .nullable(),
});
export type GuestsBody = z.input<typeof guestsBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A table's card on Tables / Billing. */
export const tableSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The running amount of the open order before tax (price × quantity; 0 when empty). */
  totalPaise: z.number().int(),
  /**
   * What the guest will pay now: the bill's grand total by shared/tax.ts (the branch's current
   * tax profile, no discount, its service charge; GST added when prices exclude it, round-off);
   * 0 when empty. The card shows this.
   */
  billTotalPaise: z.number().int(),
  /** Items on the order (sum of quantities). */
  itemCount: z.number().int(),
  /** When the first line of the open order was added; null for an empty table. */
  openedAt: z.string().nullable(),
  /** Bumped on every change of the table's order. */
  version: z.number().int(),
  /** Guests seated (covers); null until someone says. */
  guests: z.number().int().nullable(),
  /** Its floor section; null: none. */
  sectionId: z.string().nullable(),
  /** The waiter who opened the open order (its first tap); null for a free table. */
  openedByName: z.string().nullable(),
  /** Its provisional bill was printed and the order has not changed since ('Billed'). */
  billPrinted: z.boolean(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;

/** Tables / Billing: the live tables and the branch's live sections in their order. */
export const tableListSchema = z.object({
  items: z.array(tableSummarySchema),
  sections: z.array(sectionSchema),
});
export type TableList = z.infer<typeof tableListSchema>;

/** An add-on of a line as it was when first added. */
export const lineAddonSchema = z.object({
  id: z.string(),
  group: z.string(),
  name: z.string(),
  pricePaise: z.number().int(),
});

/**
 * One line of an open order: name, choices and unit price (the variant's or product's plus
 * the add-ons') as they were when first added.
 */
export const orderLineSchema = z.object({
  /** The line's identity (shared/menu.ts lineKeyOf): taps on it send the same choices. */
  key: z.string(),
  productId: z.string(),
  /** The product's name, with the variant's in brackets. */
  name: z.string(),
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  addons: z.array(lineAddonSchema),
  note: z.string(),
  /** The product's subcategory now (absent if the product is gone). */
  subcategory: z.string().optional(),
  /** The product's GST now, which the payment bills at (absent if the product is gone). */
  gstRateBps: z.number().int().optional(),
  hsn: z.string().optional(),
  outsideGst: z.boolean().optional(),
  unitPricePaise: z.number().int(),
  quantity: z.number().int(),
  /**
   * How many of it the kitchen has been sent (0 to quantity): a tap may not take the quantity
   * below it (409 tables.void_required). Its kitchen state: GET /api/tables/:tableId/kots.
   * The server always sends it; optional for the lines a device draws before its answer.
   */
  sentQuantity: z.number().int().optional(),
  /**
   * Its complimentary items (docs/complimentary.md): how many (at most `quantity`), why, who
   * marked them and the manager who approved them. Null or absent: none.
   */
  complimentary: z
    .object({
      quantity: z.number().int(),
      reason: z.string(),
      by: z.string().nullable().optional(),
      approvedBy: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** What its charged items cost before tax (its complimentary ones cost nothing). */
  lineTotalPaise: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A table's open order (GET /api/tables/:tableId/order and every line change's answer). */
export const tableOrderSchema = z.object({
  tableId: z.string(),
  label: z.string(),
  /** In the order they were first added. */
  lines: z.array(orderLineSchema),
  totalPaise: z.number().int(),
  /** Bumped on every change of the order: the payment compares it (`expectedVersion`). */
  version: z.number().int(),
  /** When the first line was added; null for an empty table. */
  openedAt: z.string().nullable(),
  /** Guests seated (covers); null until someone says. Cleared by the payment. */
  guests: z.number().int().nullable(),
});
export type TableOrder = z.infer<typeof tableOrderSchema>;
