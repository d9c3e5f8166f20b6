/** Vendors, what they supply, deliveries (stock purchases) and payments to them. */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, instant, updatedAt } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { ingredients, stockSubmissions } from '../inventory/inventory.tables';
import { users } from '../users/users.tables';

export const vendors = pgTable(
  'vendors',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    contactNo: text('contact_no').notNull(),
    address: text('address').notNull(),
    /** Ingredient categories this vendor supplies (drives the Add Stock category select). */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Archived: hidden from every list and form; its purchases and payments stay.
    archivedAt: instant('archived_at'),
  },
  (t) => [
    primaryKey({ name: 'vendors_pk', columns: [t.branchId, t.id] }),
    check('vendors_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** What a vendor supplies (the spec's suppliedItems), as rows rather than a list of names. */
export const vendorItems = pgTable(
  'vendor_items',
  {
    branchId: branchId(),
    vendorId: uuid('vendor_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'vendor_items_pk', columns: [t.branchId, t.vendorId, t.ingredientId] }),
    foreignKey({
      name: 'vendor_items_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'vendor_items_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    index('vendor_items_ingredient_idx').on(t.branchId, t.ingredientId),
  ],
);

/** A delivery from a vendor (the spec's vendor Stock sub-collection). */
export const stockPurchases = pgTable(
  'stock_purchases',
  {
    branchId: branchId(),
    id: id(),
    vendorId: uuid('vendor_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
    invoiceDate: day('invoice_date').notNull(),
    /** The vendor's invoice number, when typed. */
    invoiceNumber: text('invoice_number'),
    /** The stock submission that wrote this row. */
    submissionId: uuid('submission_id'),
    /** In the ingredient's base unit. */
    quantity: integer('quantity').notNull(),
    /** What the whole delivery cost, as on the invoice. */
    pricePaise: integer('price_paise').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    /**
     * Set when the entry was reversed (a mistake): it no longer counts in the vendor's total,
     * its stock table and CSV, nor as the item's latest purchase. The 'reversal' history row
     * says who and when.
     */
    reversedAt: instant('reversed_at'),
  },
  (t) => [
    primaryKey({ name: 'stock_purchases_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'stock_purchases_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    foreignKey({
      name: 'stock_purchases_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }),
    index('stock_purchases_vendor_idx').on(t.branchId, t.vendorId, t.invoiceDate),
    index('stock_purchases_ingredient_idx').on(
      t.branchId,
      t.ingredientId,
      t.invoiceDate,
      t.createdAt,
    ),
    foreignKey({
      name: 'stock_purchases_submission_fk',
      columns: [t.branchId, t.submissionId],
      foreignColumns: [stockSubmissions.branchId, stockSubmissions.id],
    }),
    check('stock_purchases_quantity_check', sql`${t.quantity} > 0`),
    check('stock_purchases_price_paise_check', sql`${t.pricePaise} >= 0`),
  ],
);

/** Payments to a vendor (the spec's vendor comments: amountPaid, paidBy, date). */
export const vendorPayments = pgTable(
  'vendor_payments',
  {
    branchId: branchId(),
    id: id(),
    vendorId: uuid('vendor_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paidBy: text('paid_by').notNull(),
    paidOn: day('paid_on').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'vendor_payments_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'vendor_payments_vendor_fk',
      columns: [t.branchId, t.vendorId],
      foreignColumns: [vendors.branchId, vendors.id],
    }),
    index('vendor_payments_vendor_idx').on(t.branchId, t.vendorId, t.paidOn),
    check('vendor_payments_amount_paise_check', sql`${t.amountPaise} > 0`),
  ],
);

export type Vendor = typeof vendors.$inferSelect;

export type NewVendor = typeof vendors.$inferInsert;

export type VendorItem = typeof vendorItems.$inferSelect;

export type StockPurchase = typeof stockPurchases.$inferSelect;

export type NewStockPurchase = typeof stockPurchases.$inferInsert;

export type VendorPayment = typeof vendorPayments.$inferSelect;

export type NewVendorPayment = typeof vendorPayments.$inferInsert;
