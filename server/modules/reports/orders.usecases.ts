import { TOP_ITEMS } from '../../../shared/constants';
import { businessDate, type IsoDate } from '../../../shared/dates';
import { paiseToRupeesString } from '../../../shared/money';
import type {
  OrdersReport,
  OrdersReportFilter,
  OrdersReportQuery,
  ReportCharts,
} from '../../../shared/schemas/orders-report.schemas';
import { shareLineText } from '../../../shared/split';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CsvCell } from '../../lib/csv';
import * as repo from './orders.repository';
import { netSalesAndTax } from './tax.usecases';

/** Who asks for a report: the session's branch, its time zone, and the server's clock. */
export interface ReportReader {
  db: Db;
  clock: Clock;
  branchId: string;
  timeZone: string;
}

/**
 * The range a report answers: From Date and To Date as given; one left out is the other;
 * neither is the branch's business day today (server clock, branch time zone).
 */
export function reportRange(
  { clock, timeZone }: Pick<ReportReader, 'clock' | 'timeZone'>,
  query: { from?: IsoDate; to?: IsoDate },
): { from: IsoDate; to: IsoDate } {
  const today = businessDate(clock(), timeZone);
  const from = query.from ?? query.to ?? today;
  return { from, to: query.to ?? from };
}

/** The most ordered items of a range's item groups (most ordered first). */
const topOf = <T>(groups: readonly T[]) => groups.slice(0, TOP_ITEMS);

/**
 * The TOP_ITEMS most ordered items of business days `from`..`to` of the branch, by quantity
 * (then name): the orders report's top items, and the overview's week (one query for both).
 */
export async function topItems({
  db,
  branchId,
  from,
  to,
}: {
  db: Db;
  branchId: string;
  from: IsoDate;
  to: IsoDate;
}) {
  return topOf((await repo.itemGroups(db, { branchId, from, to })).groups);
}

/**
 * A product filter as the exact item names it matches (part of the name, any case) with those
 * items' totals: the queries after it select the names exactly, instead of testing a pattern on
 * every line.
 */
async function matchedItems(db: Db, range: repo.DayRange, product: string) {
  const items = await repo.itemGroups(db, range, product);
  return { items, names: items.groups.map((item) => item.name) };
}

/**
 * The Detailed Orders Report: the summary over everything that matches (bills, items, grand
 * total = the sum of the lines' totals; with no product filter also the bills' discount and
 * net), the most ordered items, and one page of the matching lines, newest first.
 */
export async function ordersReport(
  reader: ReportReader,
  query: OrdersReportQuery,
): Promise<OrdersReport> {
  const { db, branchId } = reader;
  const range = { branchId, ...reportRange(reader, query) };
  const matched = query.product ? await matchedItems(db, range, query.product) : undefined;
  const names = matched?.names;
  const [items, bills, rows, addonSales] = await Promise.all([
    matched?.items ?? repo.itemGroups(db, range),
    names
      ? // A discount is the bill's: with a product filter there is no share of it to show.
        repo.billCountWith(db, range, names).then((orders) => ({
          orders,
          discountPaise: null,
          netPaise: null,
          netSalesPaise: null,
          taxPaise: null,
        }))
      : Promise.all([repo.billTotals(db, range), netSalesAndTax(db, range)]).then(
          ([totals, taxed]) => ({ ...totals, ...taxed }),
        ),
    repo.pageOfLines(db, range, names, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
    repo.addonSales(db, range),
  ]);
  return {
    from: range.from,
    to: range.to,
    summary: { ...bills, items: items.items, grandTotalPaise: items.grandTotalPaise },
    topItems: topOf(items.groups),
    addonSales,
    rows: rows.map(({ shareOf, sharePart, wholeQuantity, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      // A share of an equal split: shown as the invoice shows it (shared/split.ts).
      ...(shareOf === null ? {} : { shareOf }),
      ...(sharePart === null ? {} : { sharePart }),
      ...(wholeQuantity === null ? {} : { wholeQuantity }),
    })),
    page: query.page,
    pageSize: query.pageSize,
    totalRows: items.lines,
  };
}

/** Bills per batch of the export: a few thousand lines in memory at a time. */
const EXPORT_BATCH_BILLS = 1000;

/**
 * orders_report.csv's rows: every matching line (not one page), newest first, read in batches
 * of bills by keyset, so a year of lines streams with flat memory. Prices in rupees.
 */
export async function* ordersReportCsvRows(
  reader: ReportReader,
  query: OrdersReportFilter,
): AsyncGenerator<CsvCell[]> {
  const { db, branchId, timeZone } = reader;
  const range = { branchId, timeZone, ...reportRange(reader, query) };
  const names = query.product ? (await matchedItems(db, range, query.product)).names : undefined;
  if (names?.length === 0) return;
  let cursor: repo.BillCursor | null = null;
  do {
    const batch = await repo.exportBatch(db, range, names, cursor, EXPORT_BATCH_BILLS);
    for (const line of batch.lines) {
      // A share of an equal split: its items (a number, for a spreadsheet) and what it is a
      // share of, in the invoice's words.
      const share = shareLineText(
        {
          unitPricePaise: line.unitPricePaise,
          lineTotalPaise: line.lineTotalPaise,
          shareOf: line.shareOf,
          ...(line.sharePart === null ? {} : { sharePart: line.sharePart }),
          ...(line.wholeQuantity === null ? {} : { wholeQuantity: line.wholeQuantity }),
        },
        paiseToRupeesString,
      );
      yield [
        line.tableLabel,
        line.orderDate,
        line.quantity,
        share ? `${line.name} (${share})` : line.name,
        paiseToRupeesString(line.unitPricePaise),
        paiseToRupeesString(line.lineTotalPaise),
      ];
    }
    cursor = batch.next;
  } while (cursor);
}

/** The report's charts: revenue of every day of the range and sales by hour (the top items come
 * with the report itself). */
export async function reportCharts(
  reader: ReportReader,
  query: { from?: IsoDate; to?: IsoDate },
): Promise<ReportCharts> {
  const { db, branchId } = reader;
  const range = { branchId, ...reportRange(reader, query) };
  const [revenueByDay, salesByHour] = await Promise.all([
    repo.revenueByDay(db, range),
    repo.salesByHour(db, range),
  ]);
  return { from: range.from, to: range.to, revenueByDay, salesByHour };
}
