import { z } from 'zod';
import { STOCK_DETAILS_CSV } from '../constants';
import { requiredText, uuidSchema } from './common.schemas';
import { isoDateSchema } from './dates.schemas';
import { categorySchema, optionalText, storedUnitSchema } from './inventory.schemas';

/**
 * Vendors, what they supply, their stock purchases and the payments made to them.
 * Money is integer paise; quantities are integers in the item's stored unit.
 */

const MAX_PAYMENT_PAISE = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/vendors (Add Vendor) and PUT /api/vendors/:id (the dashboard's Edit, whole vendor).
 * `itemIds` are this branch's ingredients (the spec's suppliedItems), each in one of
 * `categories`.
 */
export const vendorBodySchema = z.object({
  name: requiredText('Vendor name', 120),
  contactNo: requiredText('Contact number', 40),
  address: requiredText('Address', 300, { multiline: true }),
  categories: z
    .array(categorySchema, { error: 'Categories must be a list' })
    .max(50, 'At most 50 categories')
    .default([]),
  itemIds: z
    .array(uuidSchema, { error: 'Items must be a list' })
    .max(500, 'At most 500 items')
    .default([]),
});
export type VendorBody = z.input<typeof vendorBodySchema>;

/** GET /api/vendors/:id/stock and its CSV: invoice date contains `invoiceDate` ('2026-11'). */
export const vendorStockQuerySchema = z.object({
  invoiceDate: optionalText('Invoice date', 10),
});
export type VendorStockQuery = z.input<typeof vendorStockQuerySchema>;

/** POST /api/vendors/:id/payments (the spec's 'Add Comment': Amount Paid, Paid By, Date). */
export const vendorPaymentBodySchema = z.object({
  amountPaise: z
    .number({ error: 'Amount paid must be a number' })
    .int('Amount paid must be in paise')
    .min(1, 'Amount paid must be more than 0')
    .max(MAX_PAYMENT_PAISE, 'Amount paid is too large'),
  paidBy: requiredText('Paid by', 120),
  paidOn: isoDateSchema('Date'),
});
export type VendorPaymentBody = z.input<typeof vendorPaymentBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A supplied item, labelled in forms with name, quantity and unit. */
export const vendorItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  unit: storedUnitSchema,
});
export type VendorItem = z.infer<typeof vendorItemSchema>;

/** Total = sum of its stock prices; remaining = total − paid (negative when paid ahead). */
export const vendorTotalsSchema = z.object({
  totalPaise: z.number().int(),
  paidPaise: z.number().int(),
  remainingPaise: z.number().int(),
});
export type VendorTotals = z.infer<typeof vendorTotalsSchema>;

export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactNo: z.string(),
  address: z.string(),
  categories: z.array(z.string()),
  items: z.array(vendorItemSchema),
  ...vendorTotalsSchema.shape,
  createdAt: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListSchema = z.object({ items: z.array(vendorSchema) });
export type VendorList = z.infer<typeof vendorListSchema>;

/** A payment to a vendor (the spec's comment). */
export const vendorPaymentSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  paidBy: z.string(),
  paidOn: z.string(),
  createdAt: z.string(),
});
export type VendorPayment = z.infer<typeof vendorPaymentSchema>;

/** GET /api/vendors/:id: the vendor with its payments, newest first. */
export const vendorDetailSchema = vendorSchema.extend({
  payments: z.array(vendorPaymentSchema),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

/** One stock purchase of a vendor (Invoice Date, Stock Name, Quantity, Price). */
export const vendorStockRowSchema = z.object({
  id: z.string(),
  invoiceDate: z.string(),
  invoiceNumber: z.string().nullable(),
  ingredientId: z.string(),
  stockName: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  unit: storedUnitSchema,
  pricePaise: z.number().int(),
  createdAt: z.string(),
});
export type VendorStockRow = z.infer<typeof vendorStockRowSchema>;

/**
 * stock_details.csv's columns: the spec's four with the unit after the quantity, which is in
 * the unit shown on screen (15 L as 15 and L, never 15000).
 */
const [dateColumn, nameColumn, quantityColumn, priceColumn] = STOCK_DETAILS_CSV.columns;
export const STOCK_CSV_COLUMNS = [
  dateColumn,
  nameColumn,
  quantityColumn,
  'Unit',
  priceColumn,
] as const;

export const vendorStockListSchema = z.object({ items: z.array(vendorStockRowSchema) });
export type VendorStockList = z.infer<typeof vendorStockListSchema>;

/** GET /api/vendors/payments-summary (/vendor-payment-dashboard): largest remaining first. */
export const vendorPaymentsSummarySchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), ...vendorTotalsSchema.shape })),
});
export type VendorPaymentsSummary = z.infer<typeof vendorPaymentsSummarySchema>;

/**
 * GET /api/stock/options (holders of stock.add, staff included): what the Add Stock form
 * offers. Vendor names with their categories and supplied items and current quantities. Money
 * only for those who may see it (managers): each item's latest purchase that stands, so the
 * form can ask before queueing a price per unit far from it; null for staff and never-bought
 * items.
 */
export const stockOptionsSchema = z.object({
  vendors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      categories: z.array(z.string()),
      items: z.array(
        vendorItemSchema.extend({
          lastPurchase: z
            .object({ pricePaise: z.number().int(), quantity: z.number().int() })
            .nullable(),
        }),
      ),
    }),
  ),
});
export type StockOptions = z.infer<typeof stockOptionsSchema>;
