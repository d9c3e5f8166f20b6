// The void report (/report/voids): a range's voids by day, by who asked, by who approved and by
// reason, with a page of them, and its CSV. Totals are SQL aggregates over the range's rows
// (voids are few: a busy branch makes a handful a day), read in one snapshot.
import { paiseToRupeesString } from '../../../shared/money';
import type { VoidsReport, VoidsReportQuery } from '../../../shared/schemas/voids.schemas';
import type { CsvCell } from '../../lib/csv';
import { reportRange, type ReportReader } from '../reports/orders.usecases';
import { voidView } from './voids.usecases';
import * as repo from './voids.repository';

/** The void report's CSV columns, in order. */
export const VOIDS_CSV_COLUMNS = [
  'Date',
  'Time',
  'Table Number',
  'Item Name',
  'Quantity',
  'Price',
  'Value',
  'Reason',
  'Asked By',
  'Approved By',
] as const;

/** How many voids the CSV reads at a time. */
const CSV_BATCH = 1000;

export async function voidsReport(
  reader: ReportReader,
  query: VoidsReportQuery,
): Promise<VoidsReport> {
  const { db, branchId } = reader;
  const range = { branchId, ...reportRange(reader, query) };
  return db.transaction(
    async (tx) => {
      const totals = await repo.voidTotals(tx, range);
      const byDay = await repo.voidsByDay(tx, range);
      const byRequester = await repo.voidsBy(tx, range, 'requestedByName');
      const byApprover = await repo.voidsBy(tx, range, 'approvedByName');
      const byReason = await repo.voidsBy(tx, range, 'reason');
      const rows = await repo.voidsPage(tx, range, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        from: range.from,
        to: range.to,
        totals,
        byDay: byDay.map(({ date, ...rest }) => ({ date, ...rest })),
        byRequester: byRequester.map(({ key, ...rest }) => ({ name: key, ...rest })),
        byApprover: byApprover.map(({ key, ...rest }) => ({ name: key, ...rest })),
        byReason: byReason.map(({ key, ...rest }) => ({ reason: key, ...rest })),
        rows: rows.map(voidView),
        page: query.page,
        pageSize: query.pageSize,
        totalRows: totals.voids,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** voids_{from}_{to}.csv: every void of the range, newest first, in batches as it streams. */
export function voidsCsv(
  reader: ReportReader,
  query: { from?: string; to?: string },
): { filename: string; rows: AsyncIterable<CsvCell[]> } {
  const range = { branchId: reader.branchId, ...reportRange(reader, query) };
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: reader.timeZone,
  });
  async function* rows() {
    for (let offset = 0; ; offset += CSV_BATCH) {
      const batch = await repo.voidsPage(reader.db, range, { limit: CSV_BATCH, offset });
      for (const row of batch) {
        yield [
          row.businessDate,
          time.format(row.createdAt),
          row.tableLabel,
          row.name,
          row.quantity,
          paiseToRupeesString(row.unitPricePaise),
          paiseToRupeesString(row.valuePaise),
          row.reason,
          row.requestedByName,
          row.approvedByName,
        ];
      }
      if (batch.length < CSV_BATCH) return;
    }
  }
  return { filename: `voids_${range.from}_${range.to}.csv`, rows: rows() };
}
