import { sql } from 'drizzle-orm';
import { invoiceSeriesOf } from '../../../shared/gst';
import type { DbOrTx } from '../../db/client';
import { billLines, bills, dailyTaxSales } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import type { DayRange } from './orders.repository';

/**
 * The tax report's SQL. Sums come from `daily_tax_sales` (kept per business day with every
 * payment and cancellation: a year is a few thousand rows); the bills are read for what only
 * they know: the B2B invoices (a page at a time), the documents issued per series and the
 * bills made before GST billing.
 */

/** int8 and numeric come back as text (node-postgres) or bigint (PGlite): money fits a double. */
const int = (value: unknown) => Number(value ?? 0);

/** One group of `daily_tax_sales` over the range. */
export interface TaxSalesGroup {
  rateBps: number;
  hsn: string;
  b2b: boolean;
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** The range's kept tax figures per rate, HSN/SAC and B2B (groups that add up to 0 left out). */
export async function taxSalesGroups(db: DbOrTx, range: DayRange): Promise<TaxSalesGroup[]> {
  const result = await db.execute(sql`
    select d.rate_bps, d.hsn, d.b2b, sum(d.quantity) as quantity, sum(d.taxable_paise) as taxable,
      sum(d.cgst_paise) as cgst, sum(d.sgst_paise) as sgst
    from ${dailyTaxSales} d
    where d.branch_id = ${range.branchId}::uuid
      and d.business_date between ${range.from}::date and ${range.to}::date
    group by d.rate_bps, d.hsn, d.b2b
    having sum(d.quantity) <> 0 or sum(d.taxable_paise) <> 0 or sum(d.cgst_paise) <> 0
    order by d.rate_bps, d.hsn, d.b2b`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    rateBps: int(row.rate_bps),
    hsn: String(row.hsn),
    b2b: row.b2b === true,
    quantity: int(row.quantity),
    taxablePaise: int(row.taxable),
    cgstPaise: int(row.cgst),
    sgstPaise: int(row.sgst),
  }));
}

/**
 * How many bills (cancelled ones left out) of the range have a line, or their service charge,
 * at each rate of the sales by rate (-1 outside GST, -2 no GST charged), as add_daily_tax_sales
 * files them: a bill with lines at two rates counts under both. `taxedBills` is how many bills
 * made since GST billing there are in all. For the rates CSV's Bills column (reads the range's
 * lines, an export's cost, not the screen's).
 */
export async function billsByRate(
  db: DbOrTx,
  range: DayRange,
): Promise<{ byRate: Map<number, number>; taxedBills: number }> {
  const inRange = sql`b.branch_id = ${range.branchId}::uuid
    and b.business_date between ${range.from}::date and ${range.to}::date
    and b.tax_regime is not null and b.status <> 'Cancelled'`;
  const result = await db.execute(sql`
    select x.rate_bps, count(distinct x.bill_id) as bills
    from (
      select l.bill_id,
        case when l.outside_gst then -1 else coalesce(l.gst_rate_bps, -2) end as rate_bps
      from ${bills} b
      join ${billLines} l on l.branch_id = b.branch_id and l.bill_id = b.id
      where ${inRange}
      union all
      select b.id, coalesce(b.service_charge_rate_bps, -2)
      from ${bills} b
      where ${inRange} and b.service_charge_paise > 0
    ) x
    group by grouping sets ((x.rate_bps), ())`);
  const byRate = new Map<number, number>();
  let taxedBills = 0;
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    if (row.rate_bps === null) taxedBills = int(row.bills);
    else byRate.set(int(row.rate_bps), int(row.bills));
  }
  return { byRate, taxedBills };
}

/**
 * Bills made before GST billing (no tax regime) of the range, cancelled ones left out as the
 * per-day totals leave them: how many and their total. Reads the partial index
 * `bills_untaxed_idx` (migration 0021) alone: empty for the days since GST billing began.
 */
export async function untaxedBills(
  db: DbOrTx,
  range: DayRange,
): Promise<{ bills: number; valuePaise: number }> {
  const result = await db.execute(sql`
    select count(*) as bills, coalesce(sum(b.total_paise), 0) as value
    from ${bills} b
    where b.branch_id = ${range.branchId}::uuid
      and b.business_date between ${range.from}::date and ${range.to}::date
      and b.tax_regime is null and b.status <> 'Cancelled'`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return { bills: int(row?.bills), valuePaise: int(row?.value) };
}

export interface DocumentGroup {
  series: string;
  first: string;
  last: string;
  issued: number;
  cancelled: number;
}

/** Numbers of one series in the order they were given: a longer serial is a later one. */
const numberOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The documents issued per series over the range: a cancelled bill is issued and cancelled.
 * The database groups by the number less its last 6 characters (cheaper per bill than finding
 * the last '/', and never mixing two series: a serial has at least 6 digits) and takes each
 * group's first and last in byte order; the groups of one series (a serial past 999999 makes
 * a group of its own) are merged here by `invoiceSeriesOf`.
 */
export async function documentSeries(db: DbOrTx, range: DayRange): Promise<DocumentGroup[]> {
  const result = await db.execute(sql`
    select min(b.number collate "C") as first, max(b.number collate "C") as last,
      count(*) as issued, count(*) filter (where b.status = 'Cancelled') as cancelled
    from ${bills} b
    where b.branch_id = ${range.branchId}::uuid
      and b.business_date between ${range.from}::date and ${range.to}::date
    group by left(b.number, length(b.number) - 6), length(b.number)`);
  const series = new Map<string, DocumentGroup>();
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const first = String(row.first);
    const last = String(row.last);
    const key = invoiceSeriesOf(first);
    const known = series.get(key);
    series.set(key, {
      series: key,
      first: known && numberOrder(known.first, first) < 0 ? known.first : first,
      last: known && numberOrder(known.last, last) > 0 ? known.last : last,
      issued: (known?.issued ?? 0) + int(row.issued),
      cancelled: (known?.cancelled ?? 0) + int(row.cancelled),
    });
  }
  return [...series.values()].sort((a, b) =>
    a.series < b.series ? -1 : a.series > b.series ? 1 : 0,
  );
}

/** B2B invoices of the range: bills with the buyer's GSTIN, cancelled ones left out. */
const b2bWhere = (range: DayRange) => sql`b.branch_id = ${range.branchId}::uuid
  and b.business_date between ${range.from}::date and ${range.to}::date
  and b.buyer_gstin is not null and b.status <> 'Cancelled'`;

/** How many B2B invoices and their total value (round-off included). */
export async function b2bTotals(
  db: DbOrTx,
  range: DayRange,
): Promise<{ invoices: number; invoiceValuePaise: number }> {
  const result = await db.execute(sql`
    select count(*) as invoices, coalesce(sum(b.total_paise), 0) as value
    from ${bills} b where ${b2bWhere(range)}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return { invoices: int(row?.invoices), invoiceValuePaise: int(row?.value) };
}

export interface B2bBill {
  id: string;
  number: string;
  businessDate: string;
  buyerGstin: string;
  buyerName: string | null;
  invoiceValuePaise: number;
  taxablePaise: number;
  taxPaise: number;
}

/** B2B invoices oldest first (day, payment time, id), `limit` after `offset`. */
export async function b2bBills(
  db: DbOrTx,
  range: DayRange,
  page: { limit: number; offset: number },
): Promise<B2bBill[]> {
  const result = await db.execute(sql`
    select b.id, b.number, b.business_date::text as business_date, b.buyer_gstin, b.buyer_name,
      b.total_paise, b.taxable_paise + b.non_gst_paise + b.service_charge_paise as taxable,
      b.tax_paise
    from ${bills} b where ${b2bWhere(range)}
    order by b.business_date, b.created_at, b.id
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: String(row.id),
    number: String(row.number),
    businessDate: String(row.business_date),
    buyerGstin: String(row.buyer_gstin),
    buyerName: (row.buyer_name as string | null) ?? null,
    invoiceValuePaise: int(row.total_paise),
    taxablePaise: int(row.taxable),
    taxPaise: int(row.tax_paise),
  }));
}

/**
 * Rate-wise taxable value and tax of these bills, as `add_daily_tax_sales` counts them: the
 * lines per rate (-1 outside GST at their net, -2 no GST) and the service charge at its rate.
 */
export async function ratesOfBills(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[],
): Promise<{ billId: string; rateBps: number; taxable: number; cgst: number; sgst: number }[]> {
  if (billIds.length === 0) return [];
  const ids = sql`${`{${billIds.join(',')}}`}::uuid[]`;
  const result = await db.execute(sql`
    select bill_id, rate_bps, sum(taxable) as taxable, sum(cgst) as cgst, sum(sgst) as sgst
    from (
      select l.bill_id,
        case when l.outside_gst then -1 else coalesce(l.gst_rate_bps, -2) end as rate_bps,
        case when l.outside_gst then l.line_total_paise - l.discount_paise
          else l.taxable_paise end as taxable,
        l.cgst_paise as cgst, l.sgst_paise as sgst
      from ${billLines} l
      where l.branch_id = ${branchId}::uuid and l.bill_id = any(${ids})
      union all
      select b.id, coalesce(b.service_charge_rate_bps, -2), b.service_charge_paise,
        b.service_charge_tax_paise / 2, b.service_charge_tax_paise / 2
      from ${bills} b
      where b.branch_id = ${branchId}::uuid and b.id = any(${ids}) and b.service_charge_paise > 0
    ) x
    group by bill_id, rate_bps
    order by bill_id, rate_bps`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    billId: String(row.bill_id),
    rateBps: int(row.rate_bps),
    taxable: int(row.taxable),
    cgst: int(row.cgst),
    sgst: int(row.sgst),
  }));
}

/**
 * Net sales and tax of the range as the per-day figures keep them: the taxable value of every
 * kind (GST, outside GST, no GST, service charge) and CGST + SGST.
 */
export async function keptNetAndTax(
  db: DbOrTx,
  range: DayRange,
): Promise<{ taxablePaise: number; taxPaise: number }> {
  const result = await db.execute(sql`
    select coalesce(sum(d.taxable_paise), 0) as taxable,
      coalesce(sum(d.cgst_paise + d.sgst_paise), 0) as tax
    from ${dailyTaxSales} d
    where d.branch_id = ${range.branchId}::uuid
      and d.business_date between ${range.from}::date and ${range.to}::date`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return { taxablePaise: int(row?.taxable), taxPaise: int(row?.tax) };
}

/**
 * Net sales and tax of a range for the orders and payments reports' summaries: net = the
 * taxable value of every kind (GST lines after discount, outside GST, no GST, service charge)
 * plus the untaxed bills' totals, i.e. total − tax − round-off − an equal split's difference;
 * tax = CGST + SGST.
 */
export async function netSalesAndTax(
  db: DbOrTx,
  range: DayRange,
): Promise<{ netSalesPaise: number; taxPaise: number }> {
  const [kept, untaxed] = await Promise.all([keptNetAndTax(db, range), untaxedBills(db, range)]);
  return { netSalesPaise: kept.taxablePaise + untaxed.valuePaise, taxPaise: kept.taxPaise };
}
