/** Restaurant tables and counters, their open orders' lines, and the op ids that make a tap apply once. */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LineAddon } from '../../../shared/menu';
import { MAX_GUESTS } from '../../../shared/constants';
import { createdAt, id, instant, updatedAt } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { products } from '../products/products.tables';
import { users } from '../users/users.tables';

/** A section of the floor (Ground floor, Terrace, Counter): tables are grouped by it. */
export const tableSections = pgTable(
  'table_sections',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'table_sections_pk', columns: [t.branchId, t.id] }),
    uniqueIndex('table_sections_branch_name_unique')
      .on(t.branchId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('table_sections_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/** Restaurant tables and counters (the spec's 'Table Number / Counter Number'). */
export const tables = pgTable(
  'tables',
  {
    branchId: branchId(),
    id: id(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    // Archived rather than deleted: bills keep pointing at the table.
    archivedAt: instant('archived_at'),
    // Bumped on every change of the open order: the payment checks it is billing what it showed.
    version: integer('version').notNull().default(0),
    /** Guests seated at the open order (covers); null until set, cleared by the payment. */
    guests: smallint('guests'),
    /** Its section of the floor; null: none (listed first). */
    sectionId: uuid('section_id'),
    /** Who opened the current order (the first tap on an empty table), and when; cleared by the payment. */
    openedBy: uuid('opened_by').references(() => users.id),
    openedAt: instant('opened_at'),
    /**
     * The order's version its provisional bill was last printed at: the table shows 'Billed'
     * while its version is still that one (any change since, the payment too, bumps it).
     */
    billPrintedVersion: integer('bill_printed_version'),
  },
  (t) => [
    primaryKey({ name: 'tables_pk', columns: [t.branchId, t.id] }),
    // Among live tables only, so an archived 'T9' does not block a new 'T9'. The label leads:
    // led by the branch, this index matched every lookup of a live table by its key (branch,
    // id, not archived) as well as the primary key, and on a table the planner has no
    // statistics of (never analysed) it could win, reading every live table of the branch per
    // tap and per payment (docs/performance-notes.md, "Branch size").
    uniqueIndex('tables_branch_label_unique')
      .on(t.label, t.branchId)
      .where(sql`${t.archivedAt} is null`),
    check('tables_label_not_blank_check', sql`btrim(${t.label}) <> ''`),
    foreignKey({
      name: 'tables_section_fk',
      columns: [t.branchId, t.sectionId],
      foreignColumns: [tableSections.branchId, tableSections.id],
    }),
    check('tables_guests_check', sql`${t.guests} between 1 and ${sql.raw(String(MAX_GUESTS))}`),
  ],
);

/**
 * A table's open order, one row per product and choices (variant, add-ons, note: `line_key`),
 * changed line by line (+1, −1, remove) so two devices editing one table never overwrite each
 * other. Emptied when the table is billed.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    branchId: branchId(),
    id: id(),
    tableId: uuid('table_id').notNull(),
    productId: uuid('product_id').notNull(),
    // Snapshots, so a price edit during a meal does not change what the guest was quoted.
    /** The product's name, with the variant's in brackets: 'Chicken Biryani (Half)'. */
    name: text('name').notNull(),
    /** The variant and its name as ordered; null for a product without variants. */
    variantId: uuid('variant_id'),
    variantName: text('variant_name'),
    /**
     * The add-on choices as ordered, by group order then option order:
     * `[{ "id", "group", "name", "pricePaise" }]` (shared/menu.ts `LineAddon`).
     */
    addons: jsonb('addons')
      .$type<LineAddon[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The waiter's note for the kitchen ('no onion'); '' for none. */
    note: text('note').notNull().default(''),
    /**
     * What makes two taps the same line: product, variant, add-on ids and note
     * (shared/menu.ts `lineKeyOf`, computed by the server).
     */
    lineKey: text('line_key').notNull(),
    /** The variant's (or product's) price plus the add-ons' prices, when first added. */
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * How many of it the kitchen has been sent (KOTs, docs/kitchen.md). A tap may not take the
     * quantity below it: that is a void, which needs a manager's approval.
     */
    sentQuantity: integer('sent_quantity').notNull().default(0),
    /**
     * How many of it are complimentary (docs/complimentary.md): billed at nothing with this
     * reason, marked by `complimentaryBy` (approved by `complimentaryApprovedBy`, a manager,
     * above the branch's limit). Counts up to the line's quantity when the line is lowered.
     */
    complimentaryQuantity: integer('complimentary_quantity').notNull().default(0),
    complimentaryReason: text('complimentary_reason'),
    complimentaryBy: uuid('complimentary_by'),
    complimentaryApprovedBy: uuid('complimentary_approved_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pk', columns: [t.branchId, t.id] }),
    unique('order_lines_table_line_key_unique').on(t.branchId, t.tableId, t.lineKey),
    foreignKey({
      name: 'order_lines_table_fk',
      columns: [t.branchId, t.tableId],
      foreignColumns: [tables.branchId, tables.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }),
    index('order_lines_product_idx').on(t.branchId, t.productId),
    // A line that reaches zero is deleted, never kept at 0.
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_sent_quantity_check', sql`${t.sentQuantity} between 0 and ${t.quantity}`),
    check('order_lines_unit_price_paise_check', sql`${t.unitPricePaise} >= 0`),
    check(
      'order_lines_complimentary_check',
      sql`(${t.complimentaryQuantity} = 0 and ${t.complimentaryReason} is null) or (${t.complimentaryQuantity} > 0 and ${t.complimentaryReason} is not null)`,
    ),
  ],
);

/**
 * The one record of the operations applied to open orders (tables.functions.sql
 * open_order_begin / open_order_record), by the id the device made for each: a retried request
 * finds its op here and changes nothing. `kind` says what it was ('tap', 'payment', 'kot',
 * 'move', 'merge', 'void'), `tableId` on which table and `resultId` what it made (the first
 * bill, the KOT, the void). Taps are kept a day (pruned by the line changes); the others stay.
 */
export const orderOps = pgTable(
  'order_ops',
  {
    branchId: branchId(),
    opId: uuid('op_id').notNull(),
    createdAt: createdAt(),
    kind: text('kind').notNull().default('tap'),
    tableId: uuid('table_id'),
    resultId: uuid('result_id'),
  },
  (t) => [
    primaryKey({ name: 'order_ops_pk', columns: [t.branchId, t.opId] }),
    index('order_ops_created_at_idx').on(t.createdAt),
  ],
);

export type Table = typeof tables.$inferSelect;

export type TableSection = typeof tableSections.$inferSelect;

export type NewTable = typeof tables.$inferInsert;

export type OrderLine = typeof orderLines.$inferSelect;

export type NewOrderLine = typeof orderLines.$inferInsert;
