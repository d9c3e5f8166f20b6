/** Products on sale and their recipes (the ingredients one unit uses). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { ingredients } from '../inventory/inventory.tables';

export const products = pgTable(
  'products',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    subcategory: text('subcategory').notNull(),
    /** The GST rate in basis points (a slab of shared/gst.ts; 5 % = 500). */
    gstRateBps: integer('gst_rate_bps').notNull().default(500),
    /** The HSN or SAC code printed on the bill (restaurant service: 996331). */
    hsn: text('hsn').notNull().default('996331'),
    /** Outside GST (e.g. liquor under state VAT): billed at its price, no GST. */
    outsideGst: boolean('outside_gst').notNull().default(false),
    // Archived (the product list's delete icon): hidden from ordering, kept for history.
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'products_pk', columns: [t.branchId, t.id] }),
    check('products_price_paise_check', sql`${t.pricePaise} >= 0`),
    check('products_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
    check('products_gst_rate_bps_check', sql`${t.gstRateBps} between 0 and 10000`),
    check('products_hsn_check', sql`${t.hsn} ~ '^[0-9]{4}([0-9]{2}([0-9]{2})?)?$'`),
  ],
);

/** Recipe rows: how much of an ingredient one unit of a product uses. */
export const productIngredients = pgTable(
  'product_ingredients',
  {
    branchId: branchId(),
    productId: uuid('product_id').notNull(),
    ingredientId: uuid('ingredient_id').notNull(),
    quantityUsed: integer('quantity_used').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'product_ingredients_pk',
      columns: [t.branchId, t.productId, t.ingredientId],
    }),
    foreignKey({
      name: 'product_ingredients_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_ingredients_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    // "Which products use this ingredient" and the FK check on ingredient changes.
    index('product_ingredients_ingredient_idx').on(t.branchId, t.ingredientId),
    check('product_ingredients_quantity_used_check', sql`${t.quantityUsed} > 0`),
  ],
);

export type Product = typeof products.$inferSelect;

export type NewProduct = typeof products.$inferInsert;

export type ProductIngredient = typeof productIngredients.$inferSelect;
