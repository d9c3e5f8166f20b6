import { z } from 'zod';
import { LABELS } from '../messages';
import { requiredText, uuidSchema } from './common.schemas';

/**
 * Tables (and counters) and each table's open order.
 *
 * An order is changed one line at a time: `POST /api/tables/:tableId/lines` with a `delta`
 * (+1 add or increment, −1 decrement, −quantity remove). The server adds the delta to the line
 * in one SQL statement, so two devices on one table never overwrite each other, and deletes a
 * line that reaches zero or below. `opId` is made on the device (UUID v7) for each tap: a
 * request retried after a network error with the same `opId` changes nothing and answers the
 * current order. Money is integer paise.
 */

/** Longest table label ('Table Number / Counter Number'). */
export const MAX_TABLE_LABEL = 40;
/** Largest change of one line in one request. */
export const MAX_LINE_DELTA = 50;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /api/tables (Add New Table) and PATCH /api/tables/:id (rename, manager). */
export const tableBodySchema = z.object({
  label: requiredText(LABELS.table.tableNumber, MAX_TABLE_LABEL),
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
});
export type LineChange = z.input<typeof lineChangeSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A table's card on Tables / Billing. */
export const tableSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The running amount of the open order (0 when empty). */
  totalPaise: z.number().int(),
  /** Items on the order (sum of quantities). */
  itemCount: z.number().int(),
  /** When the first line of the open order was added; null for an empty table. */
  openedAt: z.string().nullable(),
  /** Bumped on every change of the table's order. */
  version: z.number().int(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;

export const tableListSchema = z.object({ items: z.array(tableSummarySchema) });
export type TableList = z.infer<typeof tableListSchema>;

/** One line of an open order: name and unit price as they were when first added. */
export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** The product's subcategory now (absent if the product is gone). */
  subcategory: z.string().optional(),
  /** The product's GST now, which the payment bills at (absent if the product is gone). */
  gstRateBps: z.number().int().optional(),
  hsn: z.string().optional(),
  outsideGst: z.boolean().optional(),
  unitPricePaise: z.number().int(),
  quantity: z.number().int(),
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
});
export type TableOrder = z.infer<typeof tableOrderSchema>;
