import { TOP_ITEMS } from '../../../shared/constants';
import { businessDate, type IsoDate } from '../../../shared/dates';
import { paiseToRupeesString } from '../../../shared/money';
import type {
  OrdersReport,
  OrdersReportFilter,
  OrdersReportQuery,
  ReportCharts,
} from '../../../shared/schemas/orders-report.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CsvCell } from '../../lib/csv';
import * as repo from './orders.repository';

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
  const filter = { branchId, ...reportRange(reader, query), product: query.product || undefined };
  const [items, bills, rows] = await Promise.all([
    repo.itemTotals(db, filter, TOP_ITEMS),
    // A discount is the bill's: with a product filter there is no share of it to show.
    filter.product
      ? repo
          .matchingBillCount(db, filter)
          .then((orders) => ({ orders, discountPaise: null, netPaise: null }))
      : repo.billTotals(db, filter),
    repo.pageOfLines(db, filter, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    summary: { ...bills, items: items.items, grandTotalPaise: items.grandTotalPaise },
    topItems: items.topItems,
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
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
  const filter = {
    branchId: reader.branchId,
    timeZone: reader.timeZone,
    ...reportRange(reader, query),
    product: query.product || undefined,
  };
  let cursor: repo.BillCursor | null = null;
  do {
    const batch = await repo.exportBatch(reader.db, filter, cursor, EXPORT_BATCH_BILLS);
    for (const line of batch.lines) {
      yield [
        line.tableLabel,
        line.orderDate,
        line.quantity,
        line.name,
        paiseToRupeesString(line.unitPricePaise),
        paiseToRupeesString(line.lineTotalPaise),
      ];
    }
    cursor = batch.next;
  } while (cursor);
}

/** The report's charts: revenue of every day of the range, sales by hour, the top items. */
export async function reportCharts(
  reader: ReportReader,
  query: { from?: IsoDate; to?: IsoDate },
): Promise<ReportCharts> {
  const { db, branchId, timeZone } = reader;
  const filter = { branchId, ...reportRange(reader, query) };
  const [revenueByDay, salesByHour, items] = await Promise.all([
    repo.revenueByDay(db, filter),
    repo.salesByHour(db, { ...filter, timeZone }),
    repo.itemTotals(db, filter, TOP_ITEMS),
  ]);
  return { from: filter.from, to: filter.to, revenueByDay, salesByHour, topItems: items.topItems };
}
