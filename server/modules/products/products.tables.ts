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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRODUCT_COLOURS } from '../../../shared/menu';
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
    /** A short code typed in the order screen's search, then Enter, to add it (upper case). */
    shortCode: text('short_code'),
    /** The card's colour on the order screen (one of PRODUCT_COLOURS), or none. */
    colour: text('colour'),
    /** Its place among its subcategory's products (menu order; ties by name). */
    position: integer('position').notNull().default(0),
    /**
     * Sold out (86) until this instant: 'infinity' until someone turns it back on, or the
     * start of the next business day when the branch's menu settings say so; null: on sale.
     */
    soldOutUntil: instant('sold_out_until'),
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
    // Among products on sale only, so an archived product's code can be given again.
    uniqueIndex('products_short_code_unique')
      .on(t.branchId, t.shortCode)
      .where(sql`${t.archivedAt} is null and ${t.shortCode} is not null`),
    check('products_short_code_check', sql`${t.shortCode} ~ '^[A-Z0-9]{1,8}$'`),
    check(
      'products_colour_check',
      sql.raw(`colour in (${PRODUCT_COLOURS.map((c) => `'${c}'`).join(', ')})`),
    ),
  ],
);

/**
 * A product's variants (Half / Full, Regular / Large): each its own price and recipe. A product
 * with live variants is always ordered as one of them; archived ones stay for the lines and
 * bills that name them.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    branchId: branchId(),
    id: id(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** Added by a tap on the product's card without the picker (one live default at most). */
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    soldOutUntil: instant('sold_out_until'),
    archivedAt: instant('archived_at'),
  },
  (t) => [
    primaryKey({ name: 'product_variants_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'product_variants_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }).onDelete('cascade'),
    index('product_variants_product_idx').on(t.branchId, t.productId),
    uniqueIndex('product_variants_name_unique')
      .on(t.branchId, t.productId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex('product_variants_default_unique')
      .on(t.branchId, t.productId)
      .where(sql`${t.archivedAt} is null and ${t.isDefault}`),
    check('product_variants_price_paise_check', sql`${t.pricePaise} >= 0`),
    check('product_variants_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * Add-on groups ("Extras", "Spice level"), reusable across products: a line takes between
 * `min_choices` and `max_choices` of a group's options (min 0: optional; min ≥ 1: required).
 */
export const addonGroups = pgTable(
  'addon_groups',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'addon_groups_pk', columns: [t.branchId, t.id] }),
    uniqueIndex('addon_groups_name_unique')
      .on(t.branchId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('addon_groups_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
    check(
      'addon_groups_choices_check',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= 1 and ${t.minChoices} <= ${t.maxChoices}`,
    ),
  ],
);

/** An option of an add-on group (cheese +₹30, mild ₹0), with its own recipe if it has one. */
export const addonOptions = pgTable(
  'addon_options',
  {
    branchId: branchId(),
    id: id(),
    groupId: uuid('group_id').notNull(),
    name: text('name').notNull(),
    pricePaise: integer('price_paise').notNull().default(0),
    position: integer('position').notNull().default(0),
    archivedAt: instant('archived_at'),
  },
  (t) => [
    primaryKey({ name: 'addon_options_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'addon_options_group_fk',
      columns: [t.branchId, t.groupId],
      foreignColumns: [addonGroups.branchId, addonGroups.id],
    }).onDelete('cascade'),
    index('addon_options_group_idx').on(t.branchId, t.groupId),
    uniqueIndex('addon_options_name_unique')
      .on(t.branchId, t.groupId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('addon_options_price_paise_check', sql`${t.pricePaise} >= 0`),
    check('addon_options_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** Which add-on groups a product offers, in the picker's order. */
export const productAddonGroups = pgTable(
  'product_addon_groups',
  {
    branchId: branchId(),
    productId: uuid('product_id').notNull(),
    groupId: uuid('group_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'product_addon_groups_pk',
      columns: [t.branchId, t.productId, t.groupId],
    }),
    foreignKey({
      name: 'product_addon_groups_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_addon_groups_group_fk',
      columns: [t.branchId, t.groupId],
      foreignColumns: [addonGroups.branchId, addonGroups.id],
    }).onDelete('cascade'),
    index('product_addon_groups_group_idx').on(t.branchId, t.groupId),
  ],
);

/**
 * Recipe rows of a variant or an add-on option (exactly one of the two): how much of an
 * ingredient one unit uses. A variant with rows uses them instead of its product's recipe; an
 * option's rows are used on top, once per unit of the line.
 */
export const choiceIngredients = pgTable(
  'choice_ingredients',
  {
    branchId: branchId(),
    /** The variant's or the option's id. */
    choiceId: uuid('choice_id').notNull(),
    variantId: uuid('variant_id'),
    optionId: uuid('option_id'),
    ingredientId: uuid('ingredient_id').notNull(),
    quantityUsed: integer('quantity_used').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'choice_ingredients_pk',
      columns: [t.branchId, t.choiceId, t.ingredientId],
    }),
    foreignKey({
      name: 'choice_ingredients_variant_fk',
      columns: [t.branchId, t.variantId],
      foreignColumns: [productVariants.branchId, productVariants.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'choice_ingredients_option_fk',
      columns: [t.branchId, t.optionId],
      foreignColumns: [addonOptions.branchId, addonOptions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'choice_ingredients_ingredient_fk',
      columns: [t.branchId, t.ingredientId],
      foreignColumns: [ingredients.branchId, ingredients.id],
    }).onDelete('cascade'),
    index('choice_ingredients_ingredient_idx').on(t.branchId, t.ingredientId),
    check('choice_ingredients_quantity_used_check', sql`${t.quantityUsed} > 0`),
    check(
      'choice_ingredients_one_owner_check',
      sql`(${t.variantId} is not null and ${t.optionId} is null and ${t.choiceId} = ${t.variantId})
        or (${t.optionId} is not null and ${t.variantId} is null and ${t.choiceId} = ${t.optionId})`,
    ),
  ],
);

/** The order of the branch's subcategories on the order screen (absent ones go last, by name). */
export const subcategoryPositions = pgTable(
  'subcategory_positions',
  {
    branchId: branchId(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ name: 'subcategory_positions_pk', columns: [t.branchId, t.name] })],
);

/** A branch's menu settings: the quick notes one tap away and when sold-out items return. */
export const menuSettings = pgTable('menu_settings', {
  branchId: branchId().primaryKey(),
  /** Notes a waiter adds to a line with one tap ("no onion", "less spicy"). */
  quickNotes: text('quick_notes').array().notNull(),
  /** Sold out until the next business day (true) or until turned back on (false). */
  soldOutUntilNextDay: boolean('sold_out_until_next_day').notNull().default(false),
  updatedAt: updatedAt(),
});

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
