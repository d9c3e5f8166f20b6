import { useRef, useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, addDays } from '../../../shared/dates';
import { voidsReportFilterSchema } from '../../../shared/schemas/voids.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { useBranchToday } from '../../lib/use-branch-today';
import { useExportVoidsReport, useVoidsReport, type VoidsFilter } from './api/voids-report';
import { checkDateRange } from './components/check-date-range';
import { DateRangeFilter, type DateRange } from './components/date-range-filter';
import { ExportButton } from './components/export-button';
import { useReportPaging } from './components/use-report-paging';
import { VoidsGroups, VoidsSummary } from './voids/voids-summary';
import { VoidsTable } from './voids/voids-table';
import { VOIDS_TEXT as text } from './voids/voids-text';

/**
 * /report/voids: the items taken off orders after they reached the kitchen, over From Date and
 * To Date (the last 7 days at first): totals, by reason, by who asked, by who approved, by day,
 * the voids a page at a time, and 'Export to CSV' of all of them.
 */
export function VoidsReportPage() {
  const today = useBranchToday();
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const [range, setRange] = useState<DateRange>(() => ({ from: addDays(today, -6), to: today }));
  const { data, errors } = checkDateRange(range, {}, voidsReportFilterSchema);
  const filter: VoidsFilter | null =
    data?.from && data.to ? { from: data.from, to: data.to } : null;
  const paging = useReportPaging(filter);
  const report = useVoidsReport(
    filter ?? { from: '', to: '' },
    paging.page,
    paging.pageSize,
    filter !== null,
  );
  const exportCsv = useExportVoidsReport();
  const tableTop = useRef<HTMLDivElement>(null);
  const showPage = (change: () => void) => {
    change();
    tableTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={text.title}
        subtitle={report.data && text.range(report.data.from, report.data.to)}
        actions={
          <ExportButton
            label={text.exportCsv}
            exportCsv={exportCsv}
            request={filter}
            totalRows={report.isPlaceholderData ? undefined : report.data?.totalRows}
          />
        }
      />
      <Paper withBorder radius="md" p="md">
        <DateRangeFilter
          from={range.from}
          to={range.to}
          onChange={(change) => setRange((before) => ({ ...before, ...change }))}
          today={today}
          errors={errors}
        >
          {null}
        </DateRangeFilter>
      </Paper>
      {report.isPending ? (
        <>
          <CardSkeleton label={text.loading} count={3} columns={3} />
          <TableSkeleton label={text.loading} rows={6} columns={8} />
        </>
      ) : report.isError ? (
        <QueryError
          title={text.loadFailed}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <VoidsSummary report={report.data} />
          {report.data.totalRows === 0 ? (
            <EmptyState icon={IconReceiptOff} message={text.empty} hint={text.emptyHint} />
          ) : (
            <>
              <VoidsGroups report={report.data} />
              <Paper withBorder radius="md" p="md" ref={tableTop}>
                <VoidsTable
                  rows={report.data.rows}
                  page={paging.page}
                  pageSize={paging.pageSize}
                  totalRows={report.data.totalRows}
                  timeZone={timeZone}
                  onPage={(next) => showPage(() => paging.setPage(next))}
                  onPageSize={(pageSize) => showPage(() => paging.setPageSize(pageSize))}
                />
              </Paper>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
