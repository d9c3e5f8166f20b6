import type { z } from 'zod';
import { paiseToRupeesString } from '../../../shared/money';
import {
  NO_GST_RATE,
  OUTSIDE_GST_RATE,
  UNTAXED_LABEL,
  taxCsvFilename,
  taxRateLabel,
  type B2bPage,
  type HsnRow,
  type RateRow,
  type TaxAmounts,
  type TaxCsvPart,
  type TaxReport,
  type taxCsvQuerySchema,
  type taxReportQuerySchema,
} from '../../../shared/schemas/tax-report.schemas';
import type { DbOrTx } from '../../db/client';
import type { CsvCell } from '../../lib/csv';
import type { DayRange } from './orders.repository';
import { reportRange, type ReportReader } from './orders.usecases';
import * as repo from './tax.repository';

type Query = z.output<typeof taxReportQuerySchema>;
type CsvQuery = z.output<typeof taxCsvQuerySchema>;

const amountsOf = (taxable: number, cgst: number, sgst: number): TaxAmounts => ({
  taxablePaise: taxable,
  cgstPaise: cgst,
  sgstPaise: sgst,
  taxPaise: cgst + sgst,
  valuePaise: taxable + cgst + sgst,
});

const ZERO = amountsOf(0, 0, 0);

const addAmounts = (a: TaxAmounts, b: TaxAmounts): TaxAmounts =>
  amountsOf(a.taxablePaise + b.taxablePaise, a.cgstPaise + b.cgstPaise, a.sgstPaise + b.sgstPaise);

/** GST rates ascending, then outside GST, then no GST charged. */
const rateOrder = (rate: number) => (rate >= 0 ? rate : 1_000_000 - rate);

/** Groups added up per rate, in the report's order. */
function byRateOf(groups: readonly repo.TaxSalesGroup[]): RateRow[] {
  const rates = new Map<number, TaxAmounts>();
  for (const g of groups) {
    const amounts = amountsOf(g.taxablePaise, g.cgstPaise, g.sgstPaise);
    rates.set(g.rateBps, addAmounts(rates.get(g.rateBps) ?? ZERO, amounts));
  }
  return [...rates.entries()]
    .sort(([a], [b]) => rateOrder(a) - rateOrder(b))
    .map(([rateBps, amounts]) => ({ rateBps, ...amounts }));
}

/** Per HSN/SAC and rate (B2B and B2C together). */
function hsnOf(groups: readonly repo.TaxSalesGroup[]): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const g of groups) {
    const key = `${g.hsn}|${g.rateBps}`;
    const before = rows.get(key);
    const amounts = addAmounts(before ?? ZERO, amountsOf(g.taxablePaise, g.cgstPaise, g.sgstPaise));
    rows.set(key, {
      hsn: g.hsn,
      rateBps: g.rateBps,
      quantity: (before?.quantity ?? 0) + g.quantity,
      ...amounts,
    });
  }
  return [...rows.values()].sort(
    (a, b) => a.hsn.localeCompare(b.hsn) || rateOrder(a.rateBps) - rateOrder(b.rateBps),
  );
}

const sumAmounts = (rows: readonly TaxAmounts[]) => rows.reduce(addAmounts, ZERO);

/** The HSN/SAC rows added up: amounts and quantity (the screen's and the CSV's Total row). */
const hsnTotalsOf = (hsn: readonly HsnRow[]) => ({
  ...sumAmounts(hsn),
  quantity: hsn.reduce((n, row) => n + row.quantity, 0),
});

/** The documents issued per series, each with its net, and their totals. */
async function documentsOf(db: DbOrTx, range: DayRange & { branchId: string }) {
  const documents = (await repo.documentSeries(db, range)).map((d) => ({
    ...d,
    net: d.issued - d.cancelled,
  }));
  const issued = documents.reduce((n, d) => n + d.issued, 0);
  const cancelled = documents.reduce((n, d) => n + d.cancelled, 0);
  return { documents, documentTotals: { issued, cancelled, net: issued - cancelled } };
}

/** One page of the range's B2B invoices with their rate-wise figures, and their totals. */
async function b2bPage(
  db: DbOrTx,
  range: DayRange,
  groups: readonly repo.TaxSalesGroup[],
  page: { page: number; pageSize: number },
): Promise<B2bPage> {
  const [bills, totals] = await Promise.all([
    repo.b2bBills(db, range, {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    }),
    repo.b2bTotals(db, range),
  ]);
  const rates = await repo.ratesOfBills(
    db,
    range.branchId,
    bills.map((bill) => bill.id),
  );
  return {
    rows: bills.map((bill) => ({
      ...bill,
      rates: rates
        .filter((r) => r.billId === bill.id)
        .sort((a, b) => rateOrder(a.rateBps) - rateOrder(b.rateBps))
        .map((r) => ({ rateBps: r.rateBps, ...amountsOf(r.taxable, r.cgst, r.sgst) })),
    })),
    page: page.page,
    pageSize: page.pageSize,
    totalRows: totals.invoices,
    totals: {
      ...totals,
      ...sumAmounts(byRateOf(groups.filter((g) => g.b2b))),
    },
  };
}

/**
 * The tax report of a range: sums from the per-day tax figures, the untaxed bills, the
 * documents issued and the first (or asked) page of B2B invoices, read in one repeatable-read
 * snapshot so a payment or cancellation committing meanwhile never splits them.
 */
export async function taxReport(reader: ReportReader, query: Query): Promise<TaxReport> {
  const range = { branchId: reader.branchId, ...reportRange(reader, query) };
  return reader.db.transaction(
    async (tx) => {
      const groups = await repo.taxSalesGroups(tx, range);
      const untaxed = await repo.untaxedBills(tx, range);
      const documents = await documentsOf(tx, range);
      const b2b = await b2bPage(tx, range, groups, query);
      const byRate = byRateOf(groups);
      const sums = sumAmounts(byRate);
      const hsn = hsnOf(groups);
      const b2c = byRateOf(groups.filter((g) => !g.b2b));
      return {
        from: range.from,
        to: range.to,
        byRate,
        untaxed,
        totals: {
          ...sums,
          untaxedPaise: untaxed.valuePaise,
          grandValuePaise: sums.valuePaise + untaxed.valuePaise,
        },
        hsn,
        hsnTotals: hsnTotalsOf(hsn),
        b2c,
        b2cTotals: sumAmounts(b2c),
        b2b,
        ...documents,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A page of the range's B2B invoices alone (the report's later pages). */
export async function taxB2bPage(reader: ReportReader, query: Query): Promise<B2bPage> {
  const range = { branchId: reader.branchId, ...reportRange(reader, query) };
  return reader.db.transaction(
    async (tx) => b2bPage(tx, range, await repo.taxSalesGroups(tx, range), query),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Net sales and tax of a range: the orders and payments reports' summaries. */
export const netSalesAndTax = repo.netSalesAndTax;

// --- CSV -----------------------------------------------------------------------------------

const rupees = paiseToRupeesString;
const rate = (rateBps: number) => (rateBps >= 0 ? (rateBps / 100).toFixed(2) : '');
const rateKind = (rateBps: number) =>
  rateBps === OUTSIDE_GST_RATE ? 'Outside GST' : rateBps === NO_GST_RATE ? 'No GST' : 'GST';
const amountCells = (a: TaxAmounts) => [
  rupees(a.taxablePaise),
  rupees(a.cgstPaise),
  rupees(a.sgstPaise),
  rupees(a.taxPaise),
  rupees(a.valuePaise),
];
const AMOUNT_HEADERS = [
  'Taxable Value',
  'CGST Amount',
  'SGST/UTGST Amount',
  'Total Tax',
  'Total Value',
];

/** Columns of each CSV part (amounts in rupees with 2 decimals, dates YYYY-MM-DD). */
export const TAX_CSV_COLUMNS: Record<TaxCsvPart, readonly string[]> = {
  rates: ['Rate (%)', 'Type', 'Description', 'Bills', ...AMOUNT_HEADERS],
  hsn: ['HSN/SAC', 'Rate (%)', 'Type', 'Total Quantity', ...AMOUNT_HEADERS],
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice Date',
    'Invoice Value',
    'Rate (%)',
    'Type',
    'Taxable Value',
    'CGST Amount',
    'SGST/UTGST Amount',
  ],
  b2c: ['Rate (%)', 'Type', 'Description', ...AMOUNT_HEADERS],
  documents: [
    'Nature of Document',
    'Series',
    'Sr. No. From',
    'Sr. No. To',
    'Total Number',
    'Cancelled',
    'Net Issued',
  ],
};

/** B2B invoices read per query of the export. */
const B2B_BATCH = 500;

const totalRow = (label: string, columns: number, amounts: TaxAmounts, lead: CsvCell[] = []) => [
  label,
  ...lead,
  ...Array.from({ length: columns - 1 - lead.length - 5 }, () => ''),
  ...amountCells(amounts),
];

/**
 * One part of the tax report as CSV rows, each part ending with a Total row equal to the
 * screen's totals. The B2B part has a row per invoice and rate (GSTR-1 table 4's shape), read
 * in pages as the file streams.
 */
export function taxCsv(
  reader: ReportReader,
  part: TaxCsvPart,
  query: CsvQuery,
): { filename: string; rows: AsyncIterable<CsvCell[]> } {
  const { db } = reader;
  const range = { branchId: reader.branchId, ...reportRange(reader, query) };
  const columns = TAX_CSV_COLUMNS[part].length;
  async function* rows(): AsyncIterable<CsvCell[]> {
    if (part === 'documents') {
      const { documents, documentTotals: totals } = await documentsOf(db, range);
      for (const d of documents) {
        yield [
          'Invoices for outward supply',
          d.series,
          d.first,
          d.last,
          d.issued,
          d.cancelled,
          d.net,
        ];
      }
      yield ['Total', '', '', '', totals.issued, totals.cancelled, totals.net];
      return;
    }
    const groups = await repo.taxSalesGroups(db, range);
    if (part === 'rates' || part === 'b2c') {
      const byRate = byRateOf(part === 'b2c' ? groups.filter((g) => !g.b2b) : groups);
      const counts = part === 'rates' ? await repo.billsByRate(db, range) : null;
      for (const row of byRate) {
        yield [
          rate(row.rateBps),
          rateKind(row.rateBps),
          taxRateLabel(row.rateBps),
          ...(counts ? [counts.byRate.get(row.rateBps) ?? 0] : []),
          ...amountCells(row),
        ];
      }
      if (part === 'b2c') {
        yield totalRow('Total', columns, sumAmounts(byRate));
        return;
      }
      const untaxed = await repo.untaxedBills(db, range);
      yield [
        '',
        'Untaxed',
        UNTAXED_LABEL,
        untaxed.bills,
        '',
        '',
        '',
        '',
        rupees(untaxed.valuePaise),
      ];
      const sums = sumAmounts(byRate);
      yield [
        'Total',
        '',
        '',
        // Each bill once, though one with lines at two rates is in both rows above.
        (counts?.taxedBills ?? 0) + untaxed.bills,
        ...amountCells(sums).slice(0, 4),
        rupees(sums.valuePaise + untaxed.valuePaise),
      ];
      return;
    }
    if (part === 'hsn') {
      const hsn = hsnOf(groups);
      for (const row of hsn) {
        yield [
          row.hsn,
          rate(row.rateBps),
          rateKind(row.rateBps),
          row.quantity,
          ...amountCells(row),
        ];
      }
      const totals = hsnTotalsOf(hsn);
      yield totalRow('Total', columns, totals, ['', '', totals.quantity]);
      return;
    }
    // b2b: a row per invoice and rate.
    let taxable = 0;
    let cgst = 0;
    let sgst = 0;
    let value = 0;
    let invoices = 0;
    for (let offset = 0; ; offset += B2B_BATCH) {
      const bills = await repo.b2bBills(db, range, { limit: B2B_BATCH, offset });
      const rates = await repo.ratesOfBills(
        db,
        range.branchId,
        bills.map((bill) => bill.id),
      );
      for (const bill of bills) {
        invoices++;
        value += bill.invoiceValuePaise;
        for (const r of rates.filter((x) => x.billId === bill.id)) {
          taxable += r.taxable;
          cgst += r.cgst;
          sgst += r.sgst;
          yield [
            bill.buyerGstin,
            bill.buyerName ?? '',
            bill.number,
            bill.businessDate,
            rupees(bill.invoiceValuePaise),
            rate(r.rateBps),
            rateKind(r.rateBps),
            rupees(r.taxable),
            rupees(r.cgst),
            rupees(r.sgst),
          ];
        }
      }
      if (bills.length < B2B_BATCH) break;
    }
    yield [
      `Total (${invoices} invoices)`,
      '',
      '',
      '',
      rupees(value),
      '',
      '',
      rupees(taxable),
      rupees(cgst),
      rupees(sgst),
    ];
  }
  return { filename: taxCsvFilename(part, range.from, range.to), rows: rows() };
}
