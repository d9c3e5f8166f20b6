import { sql, type SQL } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates';
import type { DbOrTx } from '../../db/client';
import {
  billLines,
  bills,
  dailyAddonSales,
  dailyBillTotals,
  dailyItemSales,
} from '../../db/schema';
import { containsPattern, rowsOf } from '../../lib/sql';

/**
 * The orders report's SQL. Every total is an aggregate computed by the database over the range:
 * item totals from `daily_item_sales` (the items' totals per business day), lines through
 * `bill_lines_business_date_idx` (a line carries its bill's business date), bills through
 * `bills_branch_business_date_idx`; no statement reads more than a page or a batch of rows into
 * the server.
 */

/** A branch and a range of its business days, both inclusive. */
export interface DayRange {
  branchId: string;
  from: IsoDate;
  to: IsoDate;
}

/** int8 and numeric come back as text (node-postgres) or bigint (PGlite): money fits a double. */
const int = (value: unknown) => Number(value ?? 0);

/**
 * `bill_lines l` of the range; `names` (exact item names, from `itemGroups`) narrows to the
 * items a product filter matched: an equality test per line instead of a pattern match.
 */
function lineWhere({ branchId, from, to }: DayRange, names: readonly string[]): SQL {
  return sql`l.branch_id = ${branchId}::uuid
    and l.business_date between ${from}::date and ${to}::date ${namedIn(names)}`;
}

/** `and l.name in (…)` of these items; none matches nothing, no list matches every item. */
const namedIn = (names: readonly string[] | undefined) =>
  !names ? sql`` : names.length === 0 ? sql`and false` : sql`and l.name in ${names}`;

/**
 * `bills b` of the range, cancelled ones left out: a cancelled bill left the sales figures
 * (docs/gst.md), so its lines are not the report's (the payment report lists it as cancelled).
 */
const billRange = ({ branchId, from, to }: DayRange) => sql`b.branch_id = ${branchId}::uuid
    and b.business_date between ${from}::date and ${to}::date and b.status <> 'Cancelled'`;

/** `daily_bill_totals d` of the range (a row per business day and hour, kept with every bill). */
const keptRange = ({ branchId, from, to }: DayRange) => sql`d.branch_id = ${branchId}::uuid
    and d.business_date between ${from}::date and ${to}::date`;

/**
 * The range's lines grouped by item name, most ordered first (quantity, then name), only the
 * names containing `product` (any case) when given, and over all those groups (window sums)
 * the items, the grand total and the number of lines. Added up from the items' totals per day
 * (`daily_item_sales`, kept with every bill): a year is some 15,000 rows instead of 440,000
 * lines. The pattern is tested once per name, after grouping (the CTE is materialized so the
 * database cannot push it down to every row).
 */
export async function itemGroups(db: DbOrTx, range: DayRange, product?: string) {
  const pattern = containsPattern(product);
  const result = await db.execute(sql`
    with per_item as materialized (
      select d.name, sum(d.quantity) as quantity, sum(d.revenue_paise) as revenue,
        sum(d.lines) as lines
      from ${dailyItemSales} d
      where d.branch_id = ${range.branchId}::uuid
        and d.business_date between ${range.from}::date and ${range.to}::date
      group by d.name
    )
    select name, quantity, revenue,
      sum(quantity) over () as total_quantity,
      sum(revenue) over () as total_revenue,
      sum(lines) over () as total_lines
    from per_item
    ${pattern ? sql`where name ilike ${pattern}` : sql``}
    order by quantity desc, name`);
  const rows = rowsOf<Record<string, unknown> & { name: string }>(result);
  const first = rows[0];
  return {
    groups: rows.map((row) => ({
      name: row.name,
      quantity: int(row.quantity),
      revenuePaise: int(row.revenue),
    })),
    items: int(first?.total_quantity),
    grandTotalPaise: int(first?.total_revenue),
    lines: int(first?.total_lines),
  };
}

/**
 * The add-ons sold over the range, per group and option name, most sold first: added up from
 * their totals per day (`daily_addon_sales`, kept with every bill by add_daily_item_sales).
 */
export async function addonSales(db: DbOrTx, range: DayRange) {
  const result = await db.execute(sql`
    select d.group_name, d.name, sum(d.quantity) as quantity, sum(d.revenue_paise) as revenue
    from ${dailyAddonSales} d
    where d.branch_id = ${range.branchId}::uuid
      and d.business_date between ${range.from}::date and ${range.to}::date
    group by d.group_name, d.name
    having sum(d.quantity) <> 0
    order by quantity desc, d.group_name, d.name`);
  return rowsOf<Record<string, unknown> & { group_name: string; name: string }>(result).map(
    (row) => ({
      group: row.group_name,
      name: row.name,
      quantity: int(row.quantity),
      revenuePaise: int(row.revenue),
    }),
  );
}

/**
 * The range's bills: how many, their discount and what they came to (after it, with any tax),
 * added up from the totals kept per day (`daily_bill_totals`).
 */
export async function billTotals(db: DbOrTx, range: DayRange) {
  const result = await db.execute(sql`
    select sum(d.bills) as orders, sum(d.discount_paise) as discount,
      sum(d.total_paise) as net
    from ${dailyBillTotals} d
    where ${keptRange(range)}`);
  const row = rowsOf<Record<string, unknown>>(result)[0]!;
  return { orders: int(row.orders), discountPaise: int(row.discount), netPaise: int(row.net) };
}

/** Bills of the range (not cancelled) with at least one line of these items. */
export async function billCountWith(db: DbOrTx, range: DayRange, names: readonly string[]) {
  const result = await db.execute(sql`
    select count(*) as orders from (
      select l.bill_id from ${billLines} l where ${lineWhere(range, names)} group by l.bill_id
    ) matching
    where not exists (
      select 1 from ${bills} b
      where b.branch_id = ${range.branchId}::uuid and b.id = matching.bill_id
        and b.status = 'Cancelled'
    )`);
  return int(rowsOf<Record<string, unknown>>(result)[0]!.orders);
}

/** The report's order: newest bill first (business day, payment time, id), its lines as billed. */
const newestFirst = sql`b.business_date desc, b.created_at desc, b.id desc, l.id`;

export interface ReportLineRow {
  billId: string;
  lineId: string;
  tableLabel: string;
  businessDate: IsoDate;
  createdAt: Date;
  quantity: number;
  name: string;
  unitPricePaise: number;
  lineTotalPaise: number;
  /** A share of an equal split (docs/gst.md, "Equal split"); null on other lines. */
  shareOf: number | null;
  sharePart: number | null;
  wholeQuantity: number | null;
}

const rowColumns = sql`b.id as "billId", l.id as "lineId", b.table_label as "tableLabel",
  b.business_date::text as "businessDate", b.created_at as "createdAt", l.quantity,
  l.name, l.unit_price_paise as "unitPricePaise", l.line_total_paise as "lineTotalPaise",
  l.share_of as "shareOf", l.share_part as "sharePart", l.whole_quantity as "wholeQuantity"`;

/**
 * The lines of the bill `b` (of these items, when `names`) as a lateral subquery: found by their
 * bill through `bill_lines_bill_idx`, the one way in whatever the planner's statistics say
 * (PGlite runs no autovacuum; joined on the range instead, a plan without statistics could
 * range-scan the lines once per bill).
 */
const linesOfBill = (names: readonly string[] | undefined) => sql`(
    select l.id, l.quantity, l.name, l.unit_price_paise, l.line_total_paise, l.share_of,
      l.share_part, l.whole_quantity
    from ${billLines} l
    where l.branch_id = b.branch_id and l.bill_id = b.id ${namedIn(names)}
  ) l`;

/** One page of the range's lines (of these items, when `names`), newest first. */
export async function pageOfLines(
  db: DbOrTx,
  range: DayRange,
  names: readonly string[] | undefined,
  page: { offset: number; limit: number },
) {
  const result = await db.execute(sql`
    select ${rowColumns}
    from ${bills} b
    cross join lateral ${linesOfBill(names)}
    where ${billRange(range)}
    order by ${newestFirst}
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<ReportLineRow>(result).map((row) => ({
    ...row,
    // PGlite answers a Date, node-postgres a Date too; text only if a driver changes its mind.
    createdAt: new Date(row.createdAt),
  }));
}

/** Where a batch of the export ended: the last bill's sort key, times kept as exact text. */
export interface BillCursor {
  businessDate: IsoDate;
  createdAt: string;
  id: string;
}

export interface ExportLine {
  tableLabel: string;
  /** 'YYYY-MM-DD HH:MM': the business day and the payment time on the branch's clock. */
  orderDate: string;
  quantity: number;
  name: string;
  unitPricePaise: number;
  lineTotalPaise: number;
  shareOf: number | null;
  sharePart: number | null;
  wholeQuantity: number | null;
}

/**
 * The next `batchSize` bills of the range after `after` (keyset, newest first) with their lines
 * (of these items, when `names`). A bill without such a line still moves the cursor on.
 */
export async function exportBatch(
  db: DbOrTx,
  range: DayRange & { timeZone: string },
  names: readonly string[] | undefined,
  after: BillCursor | null,
  batchSize: number,
): Promise<{ lines: ExportLine[]; next: BillCursor | null }> {
  const result = await db.execute(sql`
    with batch as (
      select b.branch_id, b.id, b.business_date, b.created_at, b.table_label
      from ${bills} b
      where ${billRange(range)}
        ${
          after
            ? sql`and (b.business_date, b.created_at, b.id)
                < (${after.businessDate}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : sql``
        }
      order by b.business_date desc, b.created_at desc, b.id desc
      limit ${batchSize}
    )
    select b.id as "billId", b.business_date::text as "businessDate",
      b.created_at::text as "createdAtText", b.table_label as "tableLabel",
      b.business_date::text || ' ' || to_char(b.created_at at time zone ${range.timeZone}, 'HH24:MI')
        as "orderDate",
      l.quantity, l.name, l.unit_price_paise as "unitPricePaise",
      l.line_total_paise as "lineTotalPaise", l.share_of as "shareOf",
      l.share_part as "sharePart", l.whole_quantity as "wholeQuantity"
    from batch b
    left join lateral ${linesOfBill(names)} on true
    order by ${newestFirst}`);
  const rows = rowsOf<
    Omit<ExportLine, 'quantity'> & {
      billId: string;
      businessDate: IsoDate;
      createdAtText: string;
      quantity: number | null;
    }
  >(result);
  const last = rows.at(-1);
  return {
    lines: rows.flatMap(
      ({ quantity, billId: _bill, businessDate: _day, createdAtText: _at, ...line }) =>
        quantity === null ? [] : [{ ...line, quantity }],
    ),
    next: last
      ? { businessDate: last.businessDate, createdAt: last.createdAtText, id: last.billId }
      : null,
  };
}

/** Every day of the range with its bills' count, revenue (before discount) and net. */
export async function revenueByDay(db: DbOrTx, range: DayRange) {
  const result = await db.execute(sql`
    select d.day::date::text as date, coalesce(x.orders, 0) as orders,
      coalesce(x.revenue, 0) as revenue, coalesce(x.net, 0) as net
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
    left join (
      select d.business_date, sum(d.bills) as orders, sum(d.subtotal_paise) as revenue,
        sum(d.total_paise) as net
      from ${dailyBillTotals} d
      where ${keptRange(range)}
      group by d.business_date
    ) x on x.business_date = d.day::date
    order by d.day`);
  return rowsOf<Record<string, unknown> & { date: IsoDate }>(result).map((row) => ({
    date: row.date,
    orders: int(row.orders),
    revenuePaise: int(row.revenue),
    netPaise: int(row.net),
  }));
}

/**
 * Hours 0–23 on the branch's clock with the bills paid in them and their revenue (each bill at
 * the hour it was paid, as the branch's clock said then).
 */
export async function salesByHour(db: DbOrTx, range: DayRange) {
  const result = await db.execute(sql`
    select h.hour, coalesce(x.orders, 0) as orders, coalesce(x.revenue, 0) as revenue
    from generate_series(0, 23) as h(hour)
    left join (
      select d.hour, sum(d.bills) as orders, sum(d.subtotal_paise) as revenue
      from ${dailyBillTotals} d
      where ${keptRange(range)}
      group by d.hour
    ) x on x.hour = h.hour
    order by h.hour`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    hour: int(row.hour),
    orders: int(row.orders),
    revenuePaise: int(row.revenue),
  }));
}
