// The one writer of bills: everything that writes a bill, its lines, its payments, its paid
// columns and the per-day totals (the payment, the settlement of a due, the demo seed, the
// year of generated data) goes through this module, and what a due still owes is said here
// once. The database side is billing.functions.sql (pay_table, the per-day totals,
// format_bill_number, and inventory's deduct_ingredients_for_sale and
// return_ingredients_of_bill); nothing else writes them.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DuesSettleMethod, PaymentMethod } from '../../../shared/constants';
import { MAX_STORED_QUANTITY } from '../../../shared/units';
import type { DbOrTx } from '../../db/client';
import {
  billLines,
  billPayments,
  billRefunds,
  bills,
  type NewBill,
  type NewBillLine,
} from '../../db/schema';

type NewBillPayment = typeof billPayments.$inferInsert;

/** The column of `bills` that adds up the money a bill received by each method. */
export const PAID_COLUMN = {
  Cash: 'paidCashPaise',
  Card: 'paidCardPaise',
  UPI: 'paidUpiPaise',
  Other: 'paidOtherPaise',
} as const satisfies Record<Exclude<PaymentMethod, 'Due'>, keyof typeof bills.$inferInsert>;

type PaidColumns = Record<(typeof PAID_COLUMN)[keyof typeof PAID_COLUMN], number>;

/** A bill's paid columns for these payments (money never comes in as 'Due'). */
export function paidColumns(
  payments: readonly { method: PaymentMethod; amountPaise: number }[],
): PaidColumns {
  const paid: PaidColumns = {
    paidCashPaise: 0,
    paidCardPaise: 0,
    paidUpiPaise: 0,
    paidOtherPaise: 0,
  };
  for (const { method, amountPaise } of payments) {
    if (method === 'Due') throw new Error('A payment cannot be received as Due');
    paid[PAID_COLUMN[method]] += amountPaise;
  }
  return paid;
}

/**
 * What a bill has received so far, in all: its paid columns added up, of the query's `bills`
 * (or of the bills under `alias`). add_daily_bill_totals (billing.functions.sql) adds the same
 * columns.
 */
export function paidOfBill(alias?: string) {
  const total = Object.values(PAID_COLUMN)
    .map((key) =>
      alias ? sql`${sql.identifier(alias)}.${sql.identifier(bills[key].name)}` : sql`${bills[key]}`,
    )
    .reduce((sum, column) => sql`${sum} + ${column}`);
  return sql<number>`(${total})`.mapWith(Number);
}

/**
 * What a bill still owes: its total less what it has received (0 for a Settled bill). The one
 * rule of a due's outstanding amount: the dues report, the overview and the settlement use it.
 */
export function owedOfBill(alias?: string) {
  const total = alias ? sql`${sql.identifier(alias)}.total_paise` : sql`${bills.totalPaise}`;
  return sql<number>`(${total} - ${paidOfBill(alias)})`.mapWith(Number);
}

/** `'{id,…}'::uuid[]`, or NULL for every bill of the branch. */
const idArray = (ids: readonly string[] | null): SQL =>
  ids === null ? sql`null::uuid[]` : sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Adds these bills of the branch as they now are (`sign` -1: takes them out) to the per-day
 * bill totals and money per method (`add_daily_bill_totals`); `null`: every bill of the branch.
 */
export async function addDailyBillTotals(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[] | null,
  sign: 1 | -1 = 1,
): Promise<void> {
  if (billIds?.length === 0) return;
  await db.execute(
    sql`select add_daily_bill_totals(${branchId}::uuid, ${idArray(billIds)}, ${sign}::integer)`,
  );
}

/**
 * Adds the lines of these bills (`null`: every bill of the branch) to `daily_item_sales`
 * (`sign` -1: takes them out).
 */
export async function addDailyItemSales(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[] | null,
  sign: 1 | -1 = 1,
): Promise<void> {
  if (billIds?.length === 0) return;
  await db.execute(
    sql`select add_daily_item_sales(${branchId}::uuid, ${idArray(billIds)}, ${sign}::integer)`,
  );
}

/**
 * Adds the GST figures of these bills (`null`: every bill of the branch) to `daily_tax_sales`
 * (`sign` -1: takes them out); bills made before GST billing are left out.
 */
export async function addDailyTaxSales(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[] | null,
  sign: 1 | -1 = 1,
): Promise<void> {
  if (billIds?.length === 0) return;
  await db.execute(
    sql`select add_daily_tax_sales(${branchId}::uuid, ${idArray(billIds)}, ${sign}::integer)`,
  );
}

/**
 * Writes bills as they are given, with their lines and the money received, their paid columns
 * from those payments, and adds them to the per-day totals: the demo seed and tests (the
 * payment goes through `recordPayment`). Bills of one branch at a time, in the caller's
 * transaction; numbers are the caller's (the bill counters are not touched).
 */
export async function recordBills(
  tx: DbOrTx,
  branchId: string,
  rows: readonly {
    bill: NewBill & { id: string };
    lines: NewBillLine[];
    payments: NewBillPayment[];
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  const BATCH = 500;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await tx
      .insert(bills)
      .values(batch.map((row) => ({ ...row.bill, ...paidColumns(row.payments) })));
    const lines = batch.flatMap((row) => row.lines);
    for (let j = 0; j < lines.length; j += BATCH) {
      await tx.insert(billLines).values(lines.slice(j, j + BATCH));
    }
    const payments = batch.flatMap((row) => row.payments);
    for (let j = 0; j < payments.length; j += BATCH) {
      await tx.insert(billPayments).values(payments.slice(j, j + BATCH));
    }
  }
  const ids = rows.length > BATCH ? null : rows.map((row) => row.bill.id);
  await addDailyItemSales(tx, branchId, ids);
  await addDailyBillTotals(tx, branchId, ids);
  await addDailyTaxSales(tx, branchId, ids);
}

/**
 * Generated data (bench/year-of-data.ts): a branch's bills, lines and payments from queries of
 * the caller (each a `select` of the table's columns named below, in that order), then the
 * per-day totals and the bill counters (the largest number of each financial year). For a
 * branch without bills, in the caller's transaction.
 */
export async function recordGeneratedBills(
  tx: DbOrTx,
  branchId: string,
  queries: { bills: SQL; lines: SQL; payments: SQL },
): Promise<void> {
  await tx.execute(sql`insert into bills (branch_id, id, table_id, table_label, number,
      financial_year, business_date, subtotal_paise, discount_bps, discount_paise, total_paise,
      method, status, responsible, idempotency_key, created_by, created_at, business_hour,
      search_text, paid_cash_paise, paid_card_paise, paid_upi_paise, paid_other_paise,
      settled_at, settled_by, tax_profile_id, tax_regime, prices_include_tax, taxable_paise,
      non_gst_paise, service_charge_bps, service_charge_paise, service_charge_rate_bps,
      service_charge_tax_paise, cgst_paise, sgst_paise, tax_paise, round_off_paise, buyer_name,
      buyer_gstin, buyer_address)
    ${queries.bills}`);
  await tx.execute(sql`insert into bill_lines (branch_id, id, bill_id, product_id, name,
      subcategory, unit_price_paise, quantity, line_total_paise, business_date, hsn, gst_rate_bps,
      outside_gst, discount_paise, taxable_paise, cgst_paise, sgst_paise)
    ${queries.lines}`);
  await tx.execute(sql`insert into bill_payments (branch_id, id, bill_id, method, amount_paise,
      received_at, received_by)
    ${queries.payments}`);
  await addDailyItemSales(tx, branchId, null);
  await addDailyBillTotals(tx, branchId, null);
  await addDailyTaxSales(tx, branchId, null);
  await tx.execute(sql`insert into bill_counters (branch_id, financial_year, last_number)
    select ${branchId}::uuid, financial_year, max(substring(number from '[0-9]+$')::integer)
    from bills where branch_id = ${branchId}::uuid group by financial_year`);
}

/** The demo seed: every branch's bill counters continue from its bills' count per year. */
export async function continueBillCounters(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`insert into bill_counters (branch_id, financial_year, last_number)
    select branch_id, financial_year, count(*) from bills group by branch_id, financial_year`);
}

/** One bill of a payment: bills', bill_lines' and bill_payments' columns by name. */
export interface BillPart {
  bill: Record<string, unknown>;
  lines: Record<string, unknown>[];
  payments: Record<string, unknown>[];
}

/**
 * A payment as the server worked it out from the order it read (`pay_table`,
 * billing.functions.sql): its bills (one for a whole payment or a split by items, N for an
 * equal split), the audit row and the live events' payloads.
 */
export interface PaymentRecord {
  branchId: string;
  tableId: string;
  /** The order's version the bill was worked out from. */
  version: number;
  /** The invoice series prefix of the branch's tax profile ('DC' of 'DC/2627/000123'). */
  invoicePrefix: string;
  parts: BillPart[];
  audit: Record<string, unknown>;
  channel: string;
  events: string[];
  stockEvent: string;
  /** The least quantity an ingredient may hold (minus MAX_STORED_QUANTITY). */
  leastQuantity: number;
  /** A split by items: the lines' keys and quantities billed (null: the whole order). */
  take?: { key: string; quantity: number }[] | null;
}

/** A bill pay_table wrote (or had written, replayed): its number and the guests it carries. */
export interface PaidBill {
  billId: string;
  number: string;
  guests: number | null;
}

export type PaymentOutcome =
  | { status: 'paid' | 'replayed'; bills: PaidBill[] }
  | { status: 'changed' | 'table_not_found' | 'key_reused' };

/** Writes a payment's bills in one statement, so one transaction (`pay_table`). */
export async function recordPayment(db: DbOrTx, p: PaymentRecord): Promise<PaymentOutcome> {
  const result = await db.execute(sql`select status, bill_id, number, guests from pay_table(
    ${p.branchId}::uuid, ${p.tableId}::uuid, ${p.version}::integer, ${p.invoicePrefix}::text,
    ${JSON.stringify(p.parts)}::json, ${JSON.stringify(p.audit)}::json, ${p.channel}::text,
    ${JSON.stringify(p.events)}::json, ${p.stockEvent}::text, ${p.leastQuantity}::bigint,
    ${p.take ? JSON.stringify(p.take) : null}::json)`);
  const rows = (
    result as unknown as {
      rows: { status: string; bill_id: string; number: string; guests: number | null }[];
    }
  ).rows;
  const status = rows[0]?.status;
  if (status === 'paid' || status === 'replayed') {
    return {
      status,
      bills: rows.map((row) => ({ billId: row.bill_id, number: row.number, guests: row.guests })),
    };
  }
  return { status: status as 'changed' | 'table_not_found' | 'key_reused' };
}

/**
 * Marks a Due bill Settled by `method`; the rest of its money, `owedPaise` (if any), comes in
 * by that method as one more payment row and onto the bill's paid column. Its day's totals
 * take it out as it was and add it back as it is. The caller holds the bill's row lock.
 */
export async function recordSettlement(
  db: DbOrTx,
  values: {
    branchId: string;
    id: string;
    method: DuesSettleMethod;
    at: Date;
    by: string;
    /** The drawer shift named for cash (kept only while open: docs/cash.md). */
    shiftId?: string | null;
  },
  owedPaise: number,
): Promise<void> {
  const { branchId, id, method, at, by, shiftId = null } = values;
  await addDailyBillTotals(db, branchId, [id], -1);
  const paid = PAID_COLUMN[method];
  await db
    .update(bills)
    .set({
      status: 'Settled',
      method,
      settledAt: at,
      settledBy: by,
      [paid]: sql`${bills[paid]} + ${owedPaise}`,
    })
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)));
  if (owedPaise > 0) {
    await db.insert(billPayments).values({
      branchId,
      billId: id,
      method,
      amountPaise: owedPaise,
      receivedAt: at,
      receivedBy: by,
      shiftId,
    });
  }
  await addDailyBillTotals(db, branchId, [id]);
}

/** Money given back for a cancelled bill, by the method it had come in by. */
export interface Refund {
  method: Exclude<PaymentMethod, 'Due'>;
  amountPaise: number;
}

/**
 * Cancels a bill (docs/gst.md, "Cancelling a bill"); the caller holds the bill's row lock and
 * has seen it is not Cancelled yet. Its day's totals (sales and money, items, tax) take it out
 * as it was, before it changes; then it becomes Cancelled with when, by whom and why (its
 * number, lines and payments stay), the money it received goes out as one refund row per
 * method it came in by (its paid columns), and its recipes' ingredients come back to stock
 * (inventory's return_ingredients_of_bill: a 'reversal' history row per sale row). Answers the
 * refunds and whether any ingredient came back.
 */
export async function recordCancellation(
  db: DbOrTx,
  values: {
    branchId: string;
    id: string;
    reason: string;
    at: Date;
    by: string;
    /** The drawer shift cash is given back from (kept only while open: docs/cash.md). */
    shiftId?: string | null;
  },
): Promise<{ refunds: Refund[]; stockReturned: boolean }> {
  const { branchId, id, reason, at, by, shiftId = null } = values;
  await addDailyTaxSales(db, branchId, [id], -1);
  await addDailyItemSales(db, branchId, [id], -1);
  await addDailyBillTotals(db, branchId, [id], -1);
  const [paid] = await db
    .update(bills)
    .set({ status: 'Cancelled', cancelledAt: at, cancelledBy: by, cancelReason: reason })
    .where(and(eq(bills.branchId, branchId), eq(bills.id, id)))
    .returning({
      paidCashPaise: bills.paidCashPaise,
      paidCardPaise: bills.paidCardPaise,
      paidUpiPaise: bills.paidUpiPaise,
      paidOtherPaise: bills.paidOtherPaise,
    });
  if (!paid) throw new Error(`Bill ${id} of branch ${branchId} to cancel is not there`);
  const refunds = (Object.keys(PAID_COLUMN) as Refund['method'][])
    .map((method) => ({ method, amountPaise: paid[PAID_COLUMN[method]] }))
    .filter((refund) => refund.amountPaise > 0);
  if (refunds.length > 0) {
    await db.insert(billRefunds).values(
      refunds.map((refund) => ({
        branchId,
        billId: id,
        ...refund,
        refundedAt: at,
        refundedBy: by,
        shiftId,
      })),
    );
  }
  const result = await db.execute(
    sql`select return_ingredients_of_bill(${branchId}::uuid, ${id}::uuid, ${by}::uuid,
      ${at.toISOString()}::timestamptz, ${MAX_STORED_QUANTITY}::bigint) as returned`,
  );
  const returned = (result as unknown as { rows: { returned: boolean }[] }).rows[0]?.returned;
  return { refunds, stockReturned: returned === true };
}
