/**
 * The kitchen (docs/kitchen.md): stations and the subcategories routed to them, the branch's
 * kitchen settings, KOTs (kitchen order tickets) with one ticket per station and their items,
 * and the per-day KOT counter. Voids (voids.tables.ts) and managers' PINs (auth.tables.ts) are
 * their own modules'.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LineAddon } from '../../../shared/menu';
import { createdAt, id, instant, updatedAt } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { tables } from '../tables/tables.tables';
import { users } from '../users/users.tables';

/** A place food or drink is made (Kitchen, Bar, Desserts): a KOT is split per station. */
export const kitchenStations = pgTable(
  'kitchen_stations',
  {
    branchId: branchId(),
    id: id(),
    name: text('name').notNull(),
    /** Its place in lists and on the display's filter (ties by name). */
    position: integer('position').notNull().default(0),
    // Archived, never deleted: tickets name it.
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'kitchen_stations_pk', columns: [t.branchId, t.id] }),
    uniqueIndex('kitchen_stations_branch_name_unique')
      .on(t.branchId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    check('kitchen_stations_name_not_blank_check', sql`btrim(${t.name}) <> ''`),
  ],
);

/**
 * Which station makes a subcategory's items (by the subcategory's name, as products carry it).
 * A subcategory without a row goes to the branch's first station; a branch without stations
 * sends everything to one ticket without a station ("Kitchen").
 */
export const subcategoryStations = pgTable(
  'subcategory_stations',
  {
    branchId: branchId(),
    subcategory: text('subcategory').notNull(),
    stationId: uuid('station_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'subcategory_stations_pk', columns: [t.branchId, t.subcategory] }),
    foreignKey({
      name: 'subcategory_stations_station_fk',
      columns: [t.branchId, t.stationId],
      foreignColumns: [kitchenStations.branchId, kitchenStations.id],
    }).onDelete('cascade'),
  ],
);

/** A branch's kitchen settings (a row once saved; the defaults of shared/kitchen.ts before). */
export const kitchenSettings = pgTable(
  'kitchen_settings',
  {
    branchId: branchId().primaryKey(),
    /** Send what changed to the kitchen when the waiter leaves the order screen. */
    autoSendOnLeave: boolean('auto_send_on_leave').notNull().default(false),
    /** A ticket's age turns amber, then red, after these many minutes on the display. */
    amberAfterMinutes: smallint('amber_after_minutes').notNull().default(10),
    redAfterMinutes: smallint('red_after_minutes').notNull().default(20),
    /** The reasons a void may give ("Guest changed mind", "Wrong item"). */
    voidReasons: text('void_reasons').array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'kitchen_settings_minutes_check',
      sql`${t.amberAfterMinutes} between 1 and 240 and ${t.redAfterMinutes} between ${t.amberAfterMinutes} and 240`,
    ),
  ],
);

/** The last KOT number given per branch and business day (a row lock keeps them gapless). */
export const kotCounters = pgTable(
  'kot_counters',
  {
    branchId: branchId(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ name: 'kot_counters_pk', columns: [t.branchId, t.businessDate] })],
);

/**
 * A KOT: what one "Send to kitchen" (or a void) sent of a table's order: the difference between
 * the order's lines and what the kitchen had already been sent. Numbered per branch and
 * business day. Its items are split into one ticket per station.
 */
export const kots = pgTable(
  'kots',
  {
    branchId: branchId(),
    id: id(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    /** The id the device made for the request: a retried send finds its KOT here. */
    opId: uuid('op_id').notNull(),
    /** The table whose order it belongs to now (a move or a merge carries it along). */
    tableId: uuid('table_id').notNull(),
    /** The table's label when sent. */
    tableLabel: text('table_label').notNull(),
    sentBy: uuid('sent_by').references(() => users.id),
    sentByName: text('sent_by_name').notNull(),
    /** 'send' (the waiter's), 'auto' (on leaving the table), 'void' (a void's cancellation). */
    reason: text('reason').notNull().default('send'),
    /** How many times it was printed again (each reprint is marked REPRINT, never re-sent). */
    reprints: integer('reprints').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'kots_pk', columns: [t.branchId, t.id] }),
    uniqueIndex('kots_branch_day_number_unique').on(t.branchId, t.businessDate, t.number),
    uniqueIndex('kots_branch_op_unique').on(t.branchId, t.opId),
    foreignKey({
      name: 'kots_table_fk',
      columns: [t.branchId, t.tableId],
      foreignColumns: [tables.branchId, tables.id],
    }),
    index('kots_table_idx').on(t.branchId, t.tableId, t.createdAt),
    check('kots_reason_check', sql`${t.reason} in ('send', 'auto', 'void')`),
    check('kots_number_check', sql`${t.number} > 0`),
  ],
);

/** A KOT's part for one station: what the kitchen display shows as a ticket and bumps. */
export const kotTickets = pgTable(
  'kot_tickets',
  {
    branchId: branchId(),
    id: id(),
    kotId: uuid('kot_id').notNull(),
    /** Null when the branch has no stations. */
    stationId: uuid('station_id'),
    stationName: text('station_name').notNull(),
    /** Bumped off the display (all its items ready, or the whole ticket at once). */
    bumpedAt: instant('bumped_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'kot_tickets_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'kot_tickets_kot_fk',
      columns: [t.branchId, t.kotId],
      foreignColumns: [kots.branchId, kots.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'kot_tickets_station_fk',
      columns: [t.branchId, t.stationId],
      foreignColumns: [kitchenStations.branchId, kitchenStations.id],
    }),
    index('kot_tickets_kot_idx').on(t.branchId, t.kotId),
    // The display's query: the branch's tickets still on it, oldest first.
    index('kot_tickets_open_idx')
      .on(t.branchId, t.createdAt)
      .where(sql`${t.bumpedAt} is null`),
    index('kot_tickets_bumped_idx').on(t.branchId, t.bumpedAt),
  ],
);

/**
 * An item of a ticket: a snapshot of the order line (name, variant, add-ons, note) and the
 * quantity sent, or taken back (`cancelled`: the kitchen strikes it through). The kitchen moves
 * it new → preparing → ready.
 */
export const kotItems = pgTable(
  'kot_items',
  {
    branchId: branchId(),
    id: id(),
    ticketId: uuid('ticket_id').notNull(),
    /** The order line's key (shared/menu.ts lineKeyOf): how the floor finds its state. */
    lineKey: text('line_key').notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    variantName: text('variant_name'),
    addons: jsonb('addons')
      .$type<LineAddon[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    note: text('note').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** A reduction of what was sent before (printed CANCELLED, struck through). */
    cancelled: boolean('cancelled').notNull().default(false),
    state: text('state').notNull().default('new'),
    stateAt: instant('state_at'),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'kot_items_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'kot_items_ticket_fk',
      columns: [t.branchId, t.ticketId],
      foreignColumns: [kotTickets.branchId, kotTickets.id],
    }).onDelete('cascade'),
    index('kot_items_ticket_idx').on(t.branchId, t.ticketId),
    check('kot_items_quantity_check', sql`${t.quantity} > 0`),
    check('kot_items_state_check', sql`${t.state} in ('new', 'preparing', 'ready')`),
  ],
);

export type KitchenStation = typeof kitchenStations.$inferSelect;
export type Kot = typeof kots.$inferSelect;
export type KotTicket = typeof kotTickets.$inferSelect;
export type KotItem = typeof kotItems.$inferSelect;
