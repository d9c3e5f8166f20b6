import { useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import type { IsoDate } from '../../../shared/dates';
import { taxCsvQuerySchema } from '../../../shared/schemas/tax-report.schemas';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { useBranchToday } from '../../lib/use-branch-today';
import { checkDateRange } from './components/check-date-range';
import { DateRangeFilter, type DateRange } from './components/date-range-filter';
import { useReportPaging } from './components/use-report-paging';
import { useB2bPage, useTaxReport, type TaxRange } from './tax/api';
import {
  B2bSection,
  B2cSection,
  DocumentsSection,
  HsnSection,
  RatesSection,
} from './tax/tax-sections';
import { TAX_TEXT as text } from './tax/tax-text';

/**
 * /report/tax, the tax report: From Date and To Date (this month at first: GST returns are
 * monthly), then sales by rate, the HSN/SAC summary, the B2B invoices a page at a time, B2C per
 * rate and the documents issued, each with its CSV (whose Total row is the screen's total).
 */
export function TaxReportPage() {
  const today = useBranchToday();
  const [values, setValues] = useState<DateRange>(() => ({
    from: `${today.slice(0, 8)}01`,
    to: today,
  }));
  const { data, errors } = checkDateRange(values, {}, taxCsvQuerySchema);
  const range: TaxRange | null = data?.from && data.to ? { from: data.from, to: data.to } : null;
  const paging = useReportPaging(range);
  const asked = range ?? { from: today, to: today };
  const report = useTaxReport(asked, paging.pageSize, range !== null);
  const b2b = useB2bPage(asked, paging.page, paging.pageSize, range !== null);
  const shown = report.data;
  const b2bPage = paging.page > 1 ? (b2b.data ?? shown?.b2b) : shown?.b2b;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={text.title}
        subtitle={shown && text.range(shown.from as IsoDate, shown.to as IsoDate)}
      />
      <Paper withBorder radius="md" p="md">
        <DateRangeFilter
          from={values.from}
          to={values.to}
          onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          today={today}
          errors={errors}
        >
          {null}
        </DateRangeFilter>
      </Paper>
      {report.isPending ? (
        <>
          <CardSkeleton label={text.loading} count={3} columns={3} />
          <TableSkeleton label={text.loading} rows={6} columns={6} />
        </>
      ) : report.isError ? (
        <QueryError
          title={text.loadFailed}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <RatesSection report={report.data} range={asked} />
          <HsnSection report={report.data} range={asked} />
          {b2bPage && (
            <B2bSection
              page={b2bPage}
              range={asked}
              onPage={paging.setPage}
              onPageSize={paging.setPageSize}
            />
          )}
          <B2cSection report={report.data} range={asked} />
          <DocumentsSection report={report.data} range={asked} />
        </>
      )}
    </Stack>
  );
}
