import { Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import {
  UNTAXED_LABEL,
  taxRateLabel,
  type B2bInvoice,
  type B2bPage,
  type DocumentSeries,
  type HsnRow,
  type RateRow,
  type TaxAmounts,
  type TaxReport,
} from '../../../../shared/schemas/tax-report.schemas';
import { ReportPagination } from '../components/report-pagination';
import type { TaxRange } from './api';
import { TaxSection } from './tax-section';
import { TaxTable, type Column } from './tax-table';
import { TAX_TEXT as text } from './tax-text';

const inr = formatInr;

function amountColumns<Row extends TaxAmounts>(): Column<Row>[] {
  return [
    { header: text.taxable, cell: (r) => inr(r.taxablePaise), numeric: true },
    { header: text.cgst, cell: (r) => inr(r.cgstPaise), numeric: true },
    { header: text.sgst, cell: (r) => inr(r.sgstPaise), numeric: true },
    { header: text.tax, cell: (r) => inr(r.taxPaise), numeric: true },
    { header: text.value, cell: (r) => inr(r.valuePaise), numeric: true },
  ];
}

const amountCells = (a: TaxAmounts) => [
  inr(a.taxablePaise),
  inr(a.cgstPaise),
  inr(a.sgstPaise),
  inr(a.taxPaise),
  inr(a.valuePaise),
];

const None = ({ children = text.none }: { children?: string }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

/** Sales by rate, the untaxed bills apart, and the totals the rates CSV ends with. */
export function RatesSection({ report, range }: { report: TaxReport; range: TaxRange }) {
  type Row = {
    key: string;
    label: string;
    bills: string;
    amounts: TaxAmounts | null;
    untaxed?: number;
  };
  const rows: Row[] = report.byRate.map((r: RateRow) => ({
    key: String(r.rateBps),
    label: taxRateLabel(r.rateBps),
    bills: '',
    amounts: r,
  }));
  if (report.untaxed.bills > 0) {
    rows.push({
      key: 'untaxed',
      label: UNTAXED_LABEL,
      bills: report.untaxed.bills.toLocaleString('en-IN'),
      amounts: null,
      untaxed: report.untaxed.valuePaise,
    });
  }
  const dash = '—';
  // Bills are counted only for the untaxed ones (the kept tax totals are per line, not bill).
  const untaxedBills = report.untaxed.bills > 0;
  const columns: Column<Row>[] = [
    { header: text.rate, cell: (r) => r.label },
    ...(untaxedBills ? [{ header: text.bills, cell: (r: Row) => r.bills, numeric: true }] : []),
    ...(['taxablePaise', 'cgstPaise', 'sgstPaise', 'taxPaise'] as const).map((key, i) => ({
      header: [text.taxable, text.cgst, text.sgst, text.tax][i]!,
      cell: (r: Row) => (r.amounts ? inr(r.amounts[key]) : dash),
      numeric: true,
    })),
    {
      header: text.value,
      cell: (r) => inr(r.amounts ? r.amounts.valuePaise : (r.untaxed ?? 0)),
      numeric: true,
    },
  ];
  const { totals } = report;
  return (
    <TaxSection title={text.byRate} hint={text.byRateHint} part="rates" range={range}>
      {rows.length === 0 ? (
        <None />
      ) : (
        <TaxTable
          label={text.byRate}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          minWidth={720}
          footer={[
            text.total,
            ...(untaxedBills ? [report.untaxed.bills.toLocaleString('en-IN')] : []),
            inr(totals.taxablePaise),
            inr(totals.cgstPaise),
            inr(totals.sgstPaise),
            inr(totals.taxPaise),
            inr(totals.grandValuePaise),
          ]}
        />
      )}
    </TaxSection>
  );
}

export function HsnSection({ report, range }: { report: TaxReport; range: TaxRange }) {
  const columns: Column<HsnRow>[] = [
    { header: text.hsnCode, cell: (r) => r.hsn },
    { header: text.rate, cell: (r) => taxRateLabel(r.rateBps) },
    { header: text.quantity, cell: (r) => r.quantity.toLocaleString('en-IN'), numeric: true },
    ...amountColumns<HsnRow>(),
  ];
  return (
    <TaxSection title={text.hsn} hint={text.hsnHint} part="hsn" range={range}>
      {report.hsn.length === 0 ? (
        <None />
      ) : (
        <TaxTable
          label={text.hsn}
          columns={columns}
          rows={report.hsn}
          rowKey={(r) => `${r.hsn}|${r.rateBps}`}
          minWidth={760}
          footer={[
            text.total,
            '',
            report.hsnTotals.quantity.toLocaleString('en-IN'),
            ...amountCells(report.hsnTotals),
          ]}
        />
      )}
    </TaxSection>
  );
}

export function B2cSection({ report, range }: { report: TaxReport; range: TaxRange }) {
  const columns: Column<RateRow>[] = [
    { header: text.rate, cell: (r) => taxRateLabel(r.rateBps) },
    ...amountColumns<RateRow>(),
  ];
  return (
    <TaxSection title={text.b2c} hint={text.b2cHint} part="b2c" range={range}>
      {report.b2c.length === 0 ? (
        <None />
      ) : (
        <TaxTable
          label={text.b2c}
          columns={columns}
          rows={report.b2c}
          rowKey={(r) => String(r.rateBps)}
          minWidth={640}
          footer={[text.total, ...amountCells(report.b2cTotals)]}
        />
      )}
    </TaxSection>
  );
}

type B2bProps = {
  page: B2bPage;
  range: TaxRange;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

export function B2bSection({ page, range, onPage, onPageSize }: B2bProps) {
  const columns: Column<B2bInvoice>[] = [
    { header: text.gstin, cell: (r) => r.buyerGstin },
    { header: text.buyer, cell: (r) => r.buyerName ?? '' },
    { header: text.number, cell: (r) => r.number },
    { header: text.date, cell: (r) => formatDisplayDate(r.businessDate) },
    {
      header: text.rate,
      cell: (r) => r.rates.map((rate) => taxRateLabel(rate.rateBps)).join(', '),
    },
    { header: text.taxable, cell: (r) => inr(r.taxablePaise), numeric: true },
    { header: text.tax, cell: (r) => inr(r.taxPaise), numeric: true },
    { header: text.invoiceValue, cell: (r) => inr(r.invoiceValuePaise), numeric: true },
  ];
  const { totals } = page;
  return (
    <TaxSection title={text.b2b} hint={text.b2bHint} part="b2b" range={range}>
      {page.totalRows === 0 ? (
        <None>{text.noB2b}</None>
      ) : (
        <>
          <TaxTable
            label={text.b2b}
            columns={columns}
            rows={page.rows}
            rowKey={(r) => r.id}
            minWidth={920}
            footer={[
              `${text.total} (${totals.invoices.toLocaleString('en-IN')})`,
              '',
              '',
              '',
              '',
              inr(totals.taxablePaise),
              inr(totals.taxPaise),
              inr(totals.invoiceValuePaise),
            ]}
          />
          <ReportPagination
            page={page.page}
            pageSize={page.pageSize}
            shown={page.rows.length}
            totalRows={page.totalRows}
            onPage={onPage}
            onPageSize={onPageSize}
            siblings={1}
          />
        </>
      )}
    </TaxSection>
  );
}

export function DocumentsSection({ report, range }: { report: TaxReport; range: TaxRange }) {
  const count = (n: number) => n.toLocaleString('en-IN');
  const columns: Column<DocumentSeries>[] = [
    { header: text.series, cell: (r) => r.series },
    { header: text.first, cell: (r) => r.first },
    { header: text.last, cell: (r) => r.last },
    { header: text.issued, cell: (r) => count(r.issued), numeric: true },
    { header: text.cancelled, cell: (r) => count(r.cancelled), numeric: true },
    { header: text.net, cell: (r) => count(r.net), numeric: true },
  ];
  const total = (key: 'issued' | 'cancelled' | 'net') => count(report.documentTotals[key]);
  return (
    <TaxSection title={text.documents} hint={text.documentsHint} part="documents" range={range}>
      {report.documents.length === 0 ? (
        <None />
      ) : (
        <TaxTable
          label={text.documents}
          columns={columns}
          rows={report.documents}
          rowKey={(r) => r.series}
          minWidth={640}
          footer={[text.total, '', '', total('issued'), total('cancelled'), total('net')]}
        />
      )}
    </TaxSection>
  );
}
