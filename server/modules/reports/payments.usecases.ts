import type { z } from 'zod';
import { EXPORT_FILES } from '../../../shared/constants';
import { businessDate } from '../../../shared/dates';
import { paiseToRupeesString } from '../../../shared/money';
import { formatPaymentMethods, type MethodAmount } from '../../../shared/payment-methods';
import {
  REPORT_METHODS,
  type PaymentsReport,
  type PaymentsReportRow,
  type paymentsCsvQuerySchema,
  type paymentsReportQuerySchema,
} from '../../../shared/schemas/payments-report.schemas';
import { PAID_COLUMN } from '../billing/bill-ledger';
import type { CsvCell } from '../../lib/csv';
import { reportRange, type ReportReader } from './orders.usecases';
import * as repo from './payments.repository';

type Query = z.output<typeof paymentsReportQuerySchema>;
type CsvQuery = z.output<typeof paymentsCsvQuerySchema>;

type StoredRow = Awaited<ReturnType<typeof repo.pageOfBills>>[number];

/** A bill's money per method, from its paid columns (methods it received nothing by left out). */
function paidByMethod(row: StoredRow): MethodAmount[] {
  return (Object.keys(PAID_COLUMN) as (keyof typeof PAID_COLUMN)[])
    .map((method) => ({ method, amountPaise: row[PAID_COLUMN[method]] }))
    .filter((part) => part.amountPaise > 0);
}

function rowView(row: StoredRow): PaymentsReportRow {
  const {
    paidCashPaise: _cash,
    paidCardPaise: _card,
    paidUpiPaise: _upi,
    paidOtherPaise: _other,
    ...rest
  } = row;
  return { ...rest, createdAt: row.createdAt.toISOString(), paidByMethod: paidByMethod(row) };
}

/**
 * The Payment History Report: one page of the bills of the range (newest first) and the totals
 * of every bill that matches, all summed by the database. Per method, the money received for
 * those bills (split payments and later settlements included); 'Due', what they still owe.
 * The bills' totals add up to the grand total, and so do the per-method totals. Read in one
 * repeatable-read snapshot, so a settlement committing meanwhile never splits the page from
 * its totals.
 */
export async function paymentsReport(reader: ReportReader, query: Query): Promise<PaymentsReport> {
  const range = reportRange(reader, query);
  const filter: repo.BillFilter = { branchId: reader.branchId, ...range, search: query.search };
  return reader.db.transaction(
    async (tx) => {
      const rows = await repo.pageOfBills(tx, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const sums = await repo.billSums(tx, filter);
      const byMethod = REPORT_METHODS.map((method) => ({
        method,
        amountPaise:
          method === 'Due'
            ? sums.dueTotalPaise - sums.duePaidPaise
            : (sums.received.find((row) => row.method === method)?.amountPaise ?? 0),
      }));
      return {
        ...range,
        rows: rows.map(rowView),
        page: query.page,
        pageSize: query.pageSize,
        // Every matching bill is listed, cancelled ones too (their totals are not summed).
        totalRows: sums.listed,
        totals: {
          bills: sums.count,
          grandTotalPaise: sums.totalPaise,
          byMethod,
          netSalesPaise: sums.netSalesPaise,
          taxPaise: sums.taxPaise,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Columns of payment_history_report_{date}.csv (amounts in rupees, 2 decimals). */
export const PAYMENTS_CSV_COLUMNS = [
  'Bill Number',
  'Date',
  'Time',
  'Table Number',
  'Total',
  'Discount',
  'Discounted Total',
  'Paid',
  'Payment Method',
  'Payment Status',
  'Responsible',
] as const;

/** Bills read per query of the export. */
const CSV_BATCH = 1000;

/**
 * payment_history_report_{date}.csv of every bill that matches (not only a page), newest first,
 * `date` being the branch's today. The rows are read in keyset batches as the file streams,
 * so a year of bills never sits in memory at once.
 */
export function paymentsCsv(
  reader: ReportReader,
  query: CsvQuery,
): { filename: string; rows: AsyncIterable<CsvCell[]> } {
  const { db, timeZone } = reader;
  const today = businessDate(reader.clock(), timeZone);
  const filter: repo.BillFilter = {
    branchId: reader.branchId,
    ...reportRange(reader, query),
    search: query.search,
  };
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  async function* rows(): AsyncIterable<CsvCell[]> {
    let cursor: repo.BillCursor | undefined;
    for (;;) {
      const batch = await repo.batchOfBills(db, filter, cursor, CSV_BATCH);
      for (const row of batch) {
        yield [
          row.number,
          row.businessDate,
          time.format(row.createdAt),
          row.tableLabel,
          paiseToRupeesString(row.subtotalPaise),
          paiseToRupeesString(row.discountPaise),
          paiseToRupeesString(row.totalPaise),
          paiseToRupeesString(row.paidPaise),
          formatPaymentMethods(row, paidByMethod(row)),
          row.status,
          row.responsible ?? '',
        ];
      }
      if (batch.length < CSV_BATCH) return;
      const last = batch.at(-1)!;
      cursor = { createdAt: last.cursorAt, id: last.id };
    }
  }
  return { filename: EXPORT_FILES.paymentHistoryReport(today), rows: rows() };
}
