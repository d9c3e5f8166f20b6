/** Bills, their lines and payments, the gapless bill counters and the totals kept per business day. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LineAddon } from '../../../shared/menu';
import { BILL_STATUSES, PAYMENT_METHODS } from '../../../shared/constants';
import { createdAt, day, id, instant } from '../../db/columns';
import { branchId, childBranchId, taxProfiles, taxRegime } from '../branches/branches.tables';
import { cashShifts } from '../cash/cash.tables';
import { products } from '../products/products.tables';
import { tables } from '../tables/tables.tables';
import { users } from '../users/users.tables';

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

export const paymentStatus = pgEnum('payment_status', BILL_STATUSES);

export type PaymentStatus = (typeof paymentStatus.enumValues)[number];

/** A payment record of a table: written with its lines, the table clearing and the stock
 * deduction in one transaction. */
export const bills = pgTable(
  'bills',
  {
    branchId: branchId(),
    id: id(),
    tableId: uuid('table_id').notNull(),
    // Snapshot, so reports still read right after a table is renamed or archived.
    tableLabel: text('table_label').notNull(),
    /**
     * The invoice number 'DC/2627/000123' (docs/gst.md; 'DC/2026-27/000123' before GST
     * billing): consecutive per branch and financial year.
     */
    number: text('number').notNull(),
    /** The financial year (April–March) of `businessDate`, e.g. '2026-27'. */
    financialYear: text('financial_year').notNull(),
    /** The branch's calendar day of the payment (its time zone): reports group by it. */
    businessDate: day('business_date').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** Discount percentage in basis points (10 % = 1000). */
    discountBps: integer('discount_bps').notNull().default(0),
    /** All of the discount: the percentage's and the flat amount's. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** The flat ₹ discount typed at payment (in paise), part of `discountPaise`. */
    discountFlatPaise: integer('discount_flat_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    method: paymentMethod('method').notNull(),
    status: paymentStatus('status').notNull(),
    /** Who owes a Due bill. */
    responsible: text('responsible'),
    // Sent by the client with the payment request: a retried or double-tapped payment finds
    // the bill already written instead of billing twice.
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    /** Guests (covers) at the table when billed, if set; printed on the bill. */
    guests: smallint('guests'),
    /**
     * A part of an equal split (docs/kitchen.md, "Equal split"): part `splitPart` of
     * `splitParts`, each its own bill; null on a bill that is not.
     */
    splitPart: smallint('split_part'),
    splitParts: smallint('split_parts'),
    /** On every part of an equal split: the whole bill's grand total the parts add up to. */
    splitTotalPaise: integer('split_total_paise'),
    /**
     * Signed, on the last part of an equal split only (docs/gst.md, "Equal split"): the whole
     * bill's grand total less the parts' own totals (each rounded as any bill), outside tax like
     * a round-off, so the parts' amounts add up to the whole's. 0 on every other bill.
     */
    splitDifferencePaise: integer('split_difference_paise').notNull().default(0),
    /** The payment time. */
    createdAt: createdAt(),
    /**
     * The hour (0–23) of the payment on the branch's clock, set by the database from
     * `createdAt` and the branch's time zone when an insert leaves it out (trigger
     * `bills_derived`, migration 0012): like the business date, it stays as it was when
     * billed. The charts' sales by hour add it up.
     */
    businessHour: smallint('business_hour')
      .notNull()
      .$defaultFn(() => sql`null`),
    /**
     * Number, table, method, status and responsible in lower case, for the payments report's
     * search: kept by the database on every insert and update (trigger `bills_derived`,
     * migration 0012) whatever the statement says. Never set it.
     */
    searchText: text('search_text')
      .notNull()
      .$defaultFn(() => sql`null`),
    /**
     * The money received for the bill so far, per method: its `bill_payments` added up, kept
     * with them by the payment and the settlement, so a report sums a range's money by method
     * from the bills alone.
     */
    paidCashPaise: integer('paid_cash_paise').notNull().default(0),
    paidCardPaise: integer('paid_card_paise').notNull().default(0),
    paidUpiPaise: integer('paid_upi_paise').notNull().default(0),
    paidOtherPaise: integer('paid_other_paise').notNull().default(0),
    // When the bill became Settled: equal to created_at when paid at once, later for a due.
    settledAt: instant('settled_at'),
    settledBy: uuid('settled_by').references(() => users.id),
    // GST (docs/gst.md). Null on every bill made before GST billing: it stays untaxed.
    /** The tax profile the bill was made with: what it prints at its top. */
    taxProfileId: uuid('tax_profile_id'),
    taxRegime: taxRegime('tax_regime'),
    pricesIncludeTax: boolean('prices_include_tax'),
    /** The GST-charged lines' taxable value after the discount (their net, for no-tax regimes). */
    taxablePaise: integer('taxable_paise'),
    /** The outside-GST lines after the discount. */
    nonGstPaise: integer('non_gst_paise'),
    serviceChargeBps: integer('service_charge_bps'),
    serviceChargePaise: integer('service_charge_paise'),
    serviceChargeRateBps: integer('service_charge_rate_bps'),
    /** The service charge's CGST + SGST (in equal halves), part of `taxPaise`. */
    serviceChargeTaxPaise: integer('service_charge_tax_paise'),
    /** CGST and SGST of the lines and the service charge; tax = cgst + sgst. */
    cgstPaise: integer('cgst_paise'),
    sgstPaise: integer('sgst_paise'),
    taxPaise: integer('tax_paise'),
    /** Signed, −49 to +50 paise: takes the total to the rupee. */
    roundOffPaise: integer('round_off_paise'),
    /** A B2B bill's buyer. */
    buyerName: text('buyer_name'),
    buyerGstin: text('buyer_gstin'),
    buyerAddress: text('buyer_address'),
    /** A Cancelled bill: when, by whom and why (status 'Cancelled'). */
    cancelledAt: instant('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    primaryKey({ name: 'bills_pk', columns: [t.branchId, t.id] }),
    unique('bills_idempotency_key_unique').on(t.branchId, t.idempotencyKey),
    unique('bills_number_unique').on(t.branchId, t.number),
    index('bills_branch_business_date_idx').on(t.branchId, t.businessDate),
    foreignKey({
      name: 'bills_table_fk',
      columns: [t.branchId, t.tableId],
      foreignColumns: [tables.branchId, tables.id],
    }),
    // Reports by date range, and the dues list.
    index('bills_branch_created_at_idx').on(t.branchId, t.createdAt),
    index('bills_branch_status_idx').on(t.branchId, t.status),
    index('bills_table_idx').on(t.branchId, t.tableId),
    // The tax report's untaxed bills and the reports' net sales (migration 0021): bills made
    // before GST billing, read from the index alone; empty for the days since.
    index('bills_untaxed_idx')
      .on(t.branchId, t.businessDate, t.totalPaise, t.status)
      .where(sql`${t.taxRegime} is null`),
    // The tax report's B2B invoices of a range, oldest first (migration 0021).
    index('bills_b2b_idx')
      .on(t.branchId, t.businessDate, t.createdAt, t.id)
      .where(sql`${t.buyerGstin} is not null`),
    check('bills_subtotal_paise_check', sql`${t.subtotalPaise} >= 0`),
    check('bills_discount_bps_check', sql`${t.discountBps} between 0 and 10000`),
    check('bills_discount_paise_check', sql`${t.discountPaise} >= 0`),
    check(
      'bills_discount_flat_check',
      sql`${t.discountFlatPaise} between 0 and ${t.discountPaise}`,
    ),
    check('bills_total_paise_check', sql`${t.totalPaise} >= 0`),
    check(
      'bills_paid_paise_check',
      sql`${t.paidCashPaise} >= 0 and ${t.paidCardPaise} >= 0 and ${t.paidUpiPaise} >= 0 and ${t.paidOtherPaise} >= 0`,
    ),
    foreignKey({
      name: 'bills_tax_profile_fk',
      columns: [t.branchId, t.taxProfileId],
      foreignColumns: [taxProfiles.branchId, taxProfiles.id],
    }),
    // Before GST billing: total = subtotal − discount; since: the parts of docs/gst.md.
    check(
      'bills_total_parts_check',
      sql`case when ${t.taxRegime} is null then ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise}
        else ${t.totalPaise} = ${t.taxablePaise} + ${t.nonGstPaise} + ${t.serviceChargePaise} + ${t.taxPaise} + ${t.roundOffPaise} + ${t.splitDifferencePaise}
          and ${t.taxPaise} = ${t.cgstPaise} + ${t.sgstPaise}
          and ${t.roundOffPaise} between -49 and 50 end`,
    ),
    // CGST rule 46(b): at most 16 characters (bills numbered before GST billing had more).
    check('bills_number_length_check', sql`${t.taxRegime} is null or length(${t.number}) <= 16`),
    check('bills_cancelled_check', sql`(${t.cancelledAt} is null) = (${t.cancelReason} is null)`),
    check(
      'bills_due_responsible_check',
      sql`${t.status} <> 'Due' or (${t.responsible} is not null and btrim(${t.responsible}) <> '')`,
    ),
    check('bills_due_not_settled_check', sql`${t.status} <> 'Due' or ${t.settledAt} is null`),
    check(
      'bills_split_check',
      sql`(${t.splitPart} is null and ${t.splitParts} is null) or ${t.splitPart} between 1 and ${t.splitParts}`,
    ),
    check(
      'bills_split_difference_check',
      sql`${t.splitDifferencePaise} = 0 or (${t.taxRegime} is not null and ${t.splitPart} = ${t.splitParts})`,
    ),
  ],
);

export const billLines = pgTable(
  'bill_lines',
  {
    branchId: childBranchId(),
    id: id(),
    billId: uuid('bill_id').notNull(),
    // Nullable so a line outlives its product; name and price are the snapshot that counts.
    productId: uuid('product_id'),
    /** As ordered: the product's name, with the variant's in brackets. */
    name: text('name').notNull(),
    /** The variant as ordered (its recipe is deducted); null without one. */
    variantId: uuid('variant_id'),
    variantName: text('variant_name'),
    /** The add-ons as ordered, with their prices (order_lines.addons); [] for none. */
    addons: jsonb('addons')
      .$type<LineAddon[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The waiter's note; '' for none. */
    note: text('note').notNull().default(''),
    /** The product's subcategory when billed (null for lines written before it was kept). */
    subcategory: text('subcategory'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: integer('line_total_paise').notNull(),
    // GST as billed (docs/gst.md); null on lines of bills made before GST billing.
    hsn: text('hsn'),
    /** The GST rate charged; null when none was (outside GST, composition, unregistered). */
    gstRateBps: integer('gst_rate_bps'),
    outsideGst: boolean('outside_gst'),
    /** The line's share of the bill's discount. */
    discountPaise: integer('discount_paise'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise'),
    sgstPaise: integer('sgst_paise'),
    /**
     * A share of an order line on a part of an equal split: part `sharePart` of `shareOf`. Its
     * `lineTotalPaise` is its share of the line's money and its `quantity` its share of the
     * line's items (possibly 0), so the parts' lines add up to the line exactly.
     */
    shareOf: smallint('share_of'),
    sharePart: smallint('share_part'),
    /**
     * A share line's order line quantity (its `lineTotalPaise` is a share of unit price × this):
     * parts 1..N−1 carry 1/N of it rounded half up, the last part the balance (shared/split.ts).
     * Null on other lines and on shares written before it was kept.
     */
    wholeQuantity: integer('whole_quantity'),
    /**
     * A complimentary line (docs/complimentary.md): given with this reason, billed at nothing
     * (unit price and total 0, no taxable value), its menu value (the menu's unit price × the
     * quantity) kept for the report; who marked it and the manager who approved it, if one did.
     */
    complimentaryReason: text('complimentary_reason'),
    complimentaryValuePaise: integer('complimentary_value_paise'),
    complimentaryBy: uuid('complimentary_by'),
    complimentaryApprovedBy: uuid('complimentary_approved_by'),
    /**
     * The bill's business date, copied onto each line by the database (trigger
     * `bill_lines_business_date`, migration 0005) whatever the insert says, so the orders
     * report range-scans a branch's lines by day without joining bills. Never set it.
     */
    businessDate: day('business_date')
      .notNull()
      .$defaultFn(() => sql`null`),
  },
  (t) => [
    primaryKey({ name: 'bill_lines_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'bill_lines_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bill_lines_product_fk',
      columns: [t.branchId, t.productId],
      foreignColumns: [products.branchId, products.id],
    }),
    index('bill_lines_bill_idx').on(t.branchId, t.billId),
    // Top items and the product filter of the orders report.
    index('bill_lines_product_idx').on(t.branchId, t.productId),
    // The orders report's totals and top items over a range of days.
    index('bill_lines_business_date_idx').on(t.branchId, t.businessDate),
    // The orders report's product filter: the lines of the matching items over the range.
    index('bill_lines_name_idx').on(t.branchId, t.name, t.businessDate),
    check(
      'bill_lines_complimentary_check',
      sql`${t.complimentaryReason} is null or (${t.unitPricePaise} = 0 and ${t.lineTotalPaise} = 0 and ${t.complimentaryValuePaise} >= 0)`,
    ),
    // The complimentary report: a branch's complimentary lines over a range of days.
    index('bill_lines_complimentary_idx')
      .on(t.branchId, t.businessDate)
      .where(sql`${t.complimentaryReason} is not null`),
    check(
      'bill_lines_quantity_check',
      sql`${t.quantity} > 0 or (${t.shareOf} is not null and ${t.quantity} = 0)`,
    ),
    check('bill_lines_unit_price_paise_check', sql`${t.unitPricePaise} >= 0`),
    check(
      'bill_lines_line_total_check',
      sql`${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity} or ${t.shareOf} is not null`,
    ),
    check(
      'bill_lines_share_check',
      sql`(${t.shareOf} is null and ${t.sharePart} is null) or ${t.sharePart} between 1 and ${t.shareOf}`,
    ),
  ],
);

/**
 * The last bill number given per branch and financial year. Taken with an upsert inside the
 * payment's transaction, so a payment that rolls back gives its number back (no gaps) and two
 * payments wait for each other on this row (no repeats).
 */
export const billCounters = pgTable(
  'bill_counters',
  {
    branchId: branchId(),
    /** '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ name: 'bill_counters_pk', columns: [t.branchId, t.financialYear] }),
    check('bill_counters_last_number_check', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * Money received for a bill: one row per method of a split, and one more when a due is settled
 * later, so totals by method count money the way it came in.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    branchId: childBranchId(),
    id: id(),
    billId: uuid('bill_id').notNull(),
    method: paymentMethod('method').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    receivedBy: uuid('received_by').references(() => users.id),
    /**
     * The drawer shift cash went into (docs/cash.md): set by the database on insert (trigger
     * `cash_shift_of_money`, cash.functions.sql) from the shift the payment named if it is
     * open, else the branch's one open shift; null for other methods and cash outside shifts.
     */
    shiftId: uuid('shift_id'),
  },
  (t) => [
    primaryKey({ name: 'bill_payments_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'bill_payments_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }).onDelete('cascade'),
    index('bill_payments_bill_idx').on(t.branchId, t.billId),
    // Payment report: money received in a date range.
    index('bill_payments_received_at_idx').on(t.branchId, t.receivedAt),
    foreignKey({
      name: 'bill_payments_shift_fk',
      columns: [t.branchId, t.shiftId],
      foreignColumns: [cashShifts.branchId, cashShifts.id],
    }),
    index('bill_payments_shift_idx')
      .on(t.branchId, t.shiftId)
      .where(sql`${t.shiftId} is not null`),
    check('bill_payments_amount_paise_check', sql`${t.amountPaise} > 0`),
    check('bill_payments_method_check', sql`${t.method} <> 'Due'`),
  ],
);

/** Money given back when a bill is cancelled: one row per method it had come in by. */
export const billRefunds = pgTable(
  'bill_refunds',
  {
    branchId: branchId(),
    id: id(),
    billId: uuid('bill_id').notNull(),
    method: paymentMethod('method').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    refundedAt: instant('refunded_at').notNull(),
    refundedBy: uuid('refunded_by').references(() => users.id),
    /** The drawer shift cash was given back from, as bill_payments.shift_id. */
    shiftId: uuid('shift_id'),
  },
  (t) => [
    primaryKey({ name: 'bill_refunds_pk', columns: [t.branchId, t.id] }),
    foreignKey({
      name: 'bill_refunds_bill_fk',
      columns: [t.branchId, t.billId],
      foreignColumns: [bills.branchId, bills.id],
    }),
    index('bill_refunds_bill_idx').on(t.branchId, t.billId),
    index('bill_refunds_refunded_at_idx').on(t.branchId, t.refundedAt),
    foreignKey({
      name: 'bill_refunds_shift_fk',
      columns: [t.branchId, t.shiftId],
      foreignColumns: [cashShifts.branchId, cashShifts.id],
    }),
    index('bill_refunds_shift_idx')
      .on(t.branchId, t.shiftId)
      .where(sql`${t.shiftId} is not null`),
    check('bill_refunds_amount_paise_check', sql`${t.amountPaise} > 0`),
    check('bill_refunds_method_check', sql`${t.method} <> 'Due'`),
  ],
);

export type Bill = typeof bills.$inferSelect;

export type NewBill = typeof bills.$inferInsert;

export type BillLine = typeof billLines.$inferSelect;

export type NewBillLine = typeof billLines.$inferInsert;
