import { z } from 'zod';
import {
  FORM_UNITS,
  MAX_STORED_QUANTITY,
  STORED_UNITS,
  amountRuleMessage,
  isValidAmount,
  quantityTooLargeMessage,
  toBaseQuantity,
  type FormUnit,
} from '../units';
import { isoDateSchema } from './branches.schemas';
import { requiredText, safeString, uuidSchema } from './common.schemas';

/**
 * Inventory (ingredients), their history, and stock submissions.
 *
 * Quantities IN a request are `{ quantity, unit }` with `unit` a form unit (g, kg, l, ml, pcs,
 * box): the server converts with shared/units.ts (1.5 kg -> 1500 g) and refuses an amount that
 * is not a whole number of the stored unit. Quantities in an ANSWER are always integers in the
 * stored unit (g, ml, pcs, box) with that unit beside them. Money is integer paise.
 */

/** Optional trimmed text (no control characters); blank counts as left out. */
export const optionalText = (label: string, max: number) =>
  safeString(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** What happened to an ingredient's quantity (the spec's History 'action'). */
export const MOVEMENT_ACTIONS = [
  'add_inventory',
  'add_stock',
  'update',
  'sale',
  'adjustment',
  'reversal',
] as const;
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

/** How each action reads in the history (the spec's words; 'Sale', 'Correction', 'Reversal' are ours). */
export const MOVEMENT_ACTION_LABELS: Readonly<Record<MovementAction, string>> = {
  add_inventory: 'Add Inventory',
  add_stock: 'Add Stock',
  update: 'Update',
  sale: 'Sale',
  adjustment: 'Correction',
  reversal: 'Reversal',
};

/** Largest price of one stock line: ₹1 crore. */
const MAX_PRICE_PAISE = 1_000_000_000;
/** Most entries in one stock submission. */
export const MAX_STOCK_ENTRIES = 100;

export const categorySchema = requiredText('Ingredient category', 60);
export const ingredientNameSchema = requiredText('Ingredient name', 120);
export const formUnitSchema = z.enum(FORM_UNITS, { error: 'Choose a unit' });

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_STORED_QUANTITY, `${label} is too large`);

/**
 * `quantity` (and any other amount in `fields`) must be a whole number of the stored unit and at
 * most MAX_STORED_QUANTITY of it.
 */
function wholeInStoredUnit<T extends { unit: FormUnit }>(
  fields: { key: keyof T & string; label: string }[],
) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const { key, label } of fields) {
      const amountValue = value[key];
      if (typeof amountValue !== 'number') continue;
      if (!isValidAmount(amountValue, value.unit)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: amountRuleMessage(label, value.unit),
        });
      } else {
        const base = toBaseQuantity(amountValue, value.unit);
        if (base.quantity > MAX_STORED_QUANTITY) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: quantityTooLargeMessage(label, base.unit),
          });
        }
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** GET /api/inventory: both filters optional; category exact (any case), name contains. */
export const inventoryListQuerySchema = z.object({
  category: optionalText('Category', 60),
  name: optionalText('Name', 120),
});
export type InventoryListQuery = z.input<typeof inventoryListQuerySchema>;

/** GET /api/inventory/categories?prefix=: the branch's categories starting with prefix. */
export const categoriesQuerySchema = z.object({ prefix: optionalText('Prefix', 60) });
export type CategoriesQuery = z.input<typeof categoriesQuerySchema>;

/** POST /api/inventory (Add New Ingredient). Thresholds are in `unit` too. */
export const createIngredientBodySchema = z
  .object({
    category: categorySchema,
    name: ingredientNameSchema,
    quantity: amount('Quantity'),
    unit: formUnitSchema,
    lowStockThreshold: amount('Low-stock level').optional(),
  })
  .superRefine(
    wholeInStoredUnit([
      { key: 'quantity', label: 'Quantity' },
      { key: 'lowStockThreshold', label: 'Low-stock level' },
    ]),
  );
export type CreateIngredientBody = z.input<typeof createIngredientBodySchema>;

/**
 * PUT /api/inventory/:id (Edit Inventory Item): the four fields, all required. A changed
 * quantity with a `reason` is a stock correction (history action 'adjustment', the reason kept);
 * any other change is an 'update' row holding what changed. `lowStockThreshold` left out stays.
 */
export const updateIngredientBodySchema = z
  .object({
    category: categorySchema,
    name: ingredientNameSchema,
    quantity: amount('Quantity'),
    unit: formUnitSchema,
    lowStockThreshold: amount('Low-stock level').optional(),
    reason: optionalText('Reason', 200),
    /**
     * The quantity (stored unit, as last read) the form started from. When the item's quantity
     * has changed since (stock added, a sale), the edit is refused (409) instead of overwriting.
     */
    expectedQuantity: z.number({ error: 'Expected quantity must be a number' }).int().optional(),
  })
  .superRefine(
    wholeInStoredUnit([
      { key: 'quantity', label: 'Quantity' },
      { key: 'lowStockThreshold', label: 'Low-stock level' },
    ]),
  );
export type UpdateIngredientBody = z.input<typeof updateIngredientBodySchema>;

/** One line of 'Stock Entries to Submit'. `pricePaise` is the line's total price. */
export const stockEntrySchema = z
  .object({
    vendorId: uuidSchema,
    invoiceDate: isoDateSchema('Invoice date'),
    invoiceNumber: optionalText('Invoice number', 60),
    ingredientId: uuidSchema,
    quantity: amount('Quantity').refine((q) => q > 0, 'Quantity must be more than 0'),
    unit: formUnitSchema,
    pricePaise: z
      .number({ error: 'Price must be a number' })
      .int('Price must be in paise')
      .min(0, 'Price cannot be negative')
      .max(MAX_PRICE_PAISE, 'Price is too large'),
  })
  .superRefine(wholeInStoredUnit([{ key: 'quantity', label: 'Quantity' }]));
export type StockEntryInput = z.input<typeof stockEntrySchema>;

/**
 * POST /api/stock/submissions ('Submit All Stock Entries'). `idempotencyKey` is made once per
 * queue on the device (UUID); sending the same key again answers the first result and writes
 * nothing.
 */
export const stockSubmissionBodySchema = z.object({
  idempotencyKey: uuidSchema,
  entries: z
    .array(stockEntrySchema, { error: 'Entries are required' })
    .min(1, 'Add at least one stock entry')
    .max(MAX_STOCK_ENTRIES, `At most ${MAX_STOCK_ENTRIES} entries at once`),
});
export type StockSubmissionBody = z.input<typeof stockSubmissionBodySchema>;

/** POST /api/inventory/:id/history/:movementId/reversal: the item and its history row. */
export const reversalParamsSchema = z.object({ id: uuidSchema, movementId: uuidSchema });

/** Why the stock entry is reversed (optional), kept on the reversal row. */
export const reversalBodySchema = z.object({ reason: optionalText('Reason', 200) });
export type ReversalBody = z.input<typeof reversalBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const storedUnitSchema = z.enum(STORED_UNITS);

/** One row of the inventory dashboard. Quantities in `unit`; `updatedAt` is the last update. */
export const inventoryItemSchema = z.object({
  id: z.string(),
  branchCode: z.string(),
  category: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit: storedUnitSchema,
  lowStockThreshold: z.number().int(),
  /** quantity < lowStockThreshold. */
  isLow: z.boolean(),
  updatedAt: z.string(),
  /**
   * The latest purchase (by invoice date, then entry time), or null if never bought. Money
   * (this, valuePaise, a history row's price) is left out (null) for staff: they add stock but
   * see nothing else of the store's money (product.md).
   */
  lastPurchase: z
    .object({ pricePaise: z.number().int(), quantity: z.number().int(), invoiceDate: z.string() })
    .nullable(),
  /**
   * quantity × (lastPurchase.pricePaise / lastPurchase.quantity), rounded half up to a paisa;
   * 0 when the quantity is 0 or below; null when never bought.
   */
  valuePaise: z.number().int().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryListSchema = z.object({
  items: z.array(inventoryItemSchema),
  /** Items in the list (after filters). */
  count: z.number().int(),
  /** Items under their low-stock level (after filters). */
  lowStockCount: z.number().int(),
  /** Sum of valuePaise of the listed items; null for callers who may not see money (staff). */
  totalValuePaise: z.number().int().nullable(),
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

export const categoriesSchema = z.object({ categories: z.array(z.string()) });
export type Categories = z.infer<typeof categoriesSchema>;

/** What an 'update' or 'adjustment' changed: field -> { from, to }. */
export const ingredientChangesSchema = z.record(
  z.string(),
  z.object({ from: z.union([z.string(), z.number()]), to: z.union([z.string(), z.number()]) }),
);

/** One history row, newest first. */
export const inventoryMovementSchema = z.object({
  id: z.string(),
  action: z.enum(MOVEMENT_ACTIONS),
  /** Signed change in the item's unit (negative for sales and downward corrections). */
  quantityDelta: z.number().int(),
  /** The quantity right after this movement (the spec's updatedQuantity). */
  quantityAfter: z.number().int(),
  unit: storedUnitSchema,
  pricePaise: z.number().int().nullable(),
  invoiceDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  vendorName: z.string().nullable(),
  /** The reason of a correction. */
  note: z.string().nullable(),
  changes: ingredientChangesSchema.nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  /** A 'sale': the bill's number and the table it was billed at. */
  billNumber: z.string().nullable(),
  tableLabel: z.string().nullable(),
  /** A 'reversal': the 'Add Stock' row it takes back. */
  reversesMovementId: z.string().nullable(),
  /** An 'Add Stock' row taken back: when, and by whom (null when it stands). */
  reversedAt: z.string().nullable(),
  reversedByName: z.string().nullable(),
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

export const inventoryHistorySchema = z.object({ items: z.array(inventoryMovementSchema) });
export type InventoryHistory = z.infer<typeof inventoryHistorySchema>;

/** The answer of a stock submission (the same on a repeat with the same key). */
export const stockSubmissionResultSchema = z.object({
  submissionId: z.string(),
  /** True when this key was applied before and nothing was written now. */
  replayed: z.boolean(),
  entryCount: z.number().int(),
  /** Each ingredient touched, with its quantity after the submission. */
  ingredients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unit: storedUnitSchema,
    }),
  ),
});
export type StockSubmissionResult = z.infer<typeof stockSubmissionResultSchema>;
