/** The totals kept per business day with the bills that make them (the reports read these). */
import { bigint, boolean, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { day } from '../../db/columns';
import { branchId } from '../branches/branches.tables';
import { paymentMethod } from './billing.tables';

/**
 * What each item sold per business day, kept in the same transaction as the bill whose lines it
 * adds up (`add_daily_item_sales` in billing.functions.sql, through bill-ledger.ts), so a range's item totals add up
 * days instead of every line: the orders report's summary, top items and product filter, and the
 * overview's top items. Bill lines are never changed or deleted, so a row only ever grows; the
 * property tests and the crash-safety checks compare it with the lines.
 */
export const dailyItemSales = pgTable(
  'daily_item_sales',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    /** The item's name as billed (the report groups by it, like the lines). */
    name: text('name').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    /** How many bill lines it adds up: the report's row count. */
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_item_sales_pk',
      columns: [t.branchId, t.businessDate, t.name],
    }),
  ],
);

/**
 * Add-on sales per business day (option by name within its group), kept with daily_item_sales
 * by `add_daily_item_sales`: how many units of lines carried the option and what it added to
 * them (its price × the line's quantity).
 */
export const dailyAddonSales = pgTable(
  'daily_addon_sales',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    groupName: text('group_name').notNull(),
    name: text('name').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_addon_sales_pk',
      columns: [t.branchId, t.businessDate, t.groupName, t.name],
    }),
  ],
);

/**
 * The bills of each business day and hour added up, kept in the same transactions that write a
 * bill or settle one (`add_daily_bill_totals`, through bill-ledger.ts), so the payments report's totals, the
 * orders report's bill totals and the charts add up a few rows per day instead of every bill
 * of the range. A settlement takes its bill out and adds it back as it now is; the property
 * tests, the billing tests and the crash-safety checks compare the rows with the bills.
 */
export const dailyBillTotals = pgTable(
  'daily_bill_totals',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    /** The bills' `businessHour`. */
    hour: smallint('hour').notNull(),
    bills: integer('bills').notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    /** The bills' discounts (since GST billing, subtotal − total is no longer the discount). */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The totals of the bills still Due. */
    dueTotalPaise: bigint('due_total_paise', { mode: 'number' }).notNull(),
    /** What has come in for the bills still Due (the parts of a split paid at once). */
    duePaidPaise: bigint('due_paid_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_bill_totals_pk',
      columns: [t.branchId, t.businessDate, t.hour],
    }),
  ],
);

/**
 * The money received per method for the bills of each business day (whenever it came: a due
 * settled later counts for its bill's day), kept with `dailyBillTotals`.
 */
export const dailyReceived = pgTable(
  'daily_received',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    method: paymentMethod('method').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_received_pk',
      columns: [t.branchId, t.businessDate, t.method],
    }),
  ],
);

/**
 * The tax report's figures per business day (`add_daily_tax_sales`, billing.functions.sql),
 * kept in the transactions that write or cancel a bill: per GST rate (`rateBps` -1: outside
 * GST; -2: no GST charged, composition or unregistered), HSN/SAC and B2B or B2C, the taxable
 * value and the two halves of the tax. A bill's service charge counts at its rate under SAC
 * 996331. Bills made before GST billing are not in it.
 */
export const dailyTaxSales = pgTable(
  'daily_tax_sales',
  {
    branchId: branchId(),
    businessDate: day('business_date').notNull(),
    rateBps: integer('rate_bps').notNull(),
    hsn: text('hsn').notNull(),
    b2b: boolean('b2b').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'daily_tax_sales_pk',
      columns: [t.branchId, t.businessDate, t.rateBps, t.hsn, t.b2b],
    }),
  ],
);
