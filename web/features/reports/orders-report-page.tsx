import { useRef, useState } from 'react';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, addDays } from '../../../shared/dates';
import { LABELS } from '../../../shared/messages';
import {
  ordersReportFilterSchema,
  type OrdersReportFilter,
} from '../../../shared/schemas/orders-report.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { useBranchToday } from '../../lib/use-branch-today';
import { useExportOrdersReport, useOrdersReport, useReportCharts } from './api/orders-report';
import { CHART_TEXT } from './charts/chart-text';
import { RevenueByDayChart } from './charts/revenue-by-day-chart';
import { SalesByHourChart } from './charts/sales-by-hour-chart';
import { TopItemsChart } from './charts/top-items-chart';
import { checkDateRange } from './components/check-date-range';
import { ExportButton } from './components/export-button';
import { useReportPaging } from './components/use-report-paging';
import { AddonSales } from './orders/addon-sales';
import { OrdersTable } from './orders/orders-table';
import { ORDERS_REPORT_TEXT as text } from './orders/orders-report-text';
import { ReportFilters, type ReportFilterValues } from './orders/report-filters';
import { ReportSummary } from './orders/report-summary';

/** The filter the screen asks for, or the messages under its fields. */
function checkFilter(values: ReportFilterValues, product: string) {
  const { data, errors } = checkDateRange(values, { product }, ordersReportFilterSchema);
  const filter: OrdersReportFilter | null = data && {
    from: data.from,
    to: data.to,
    product: data.product || undefined,
  };
  return { filter, errors };
}

/**
 * /report/order, the Detailed Orders Report: From Date and To Date (the last 7 days at first:
 * the week an owner compares a day with), a product filter, the summary, the top items, the
 * charts, the bill lines a page at a time, and 'Export to CSV' of everything that matches.
 */
export function OrdersReportPage() {
  const today = useBranchToday();
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const [values, setValues] = useState<ReportFilterValues>(() => ({
    from: addDays(today, -6),
    to: today,
    product: '',
  }));
  const [product] = useDebouncedValue(values.product.trim(), 300);
  const { filter, errors } = checkFilter(values, product);
  const paging = useReportPaging(filter);

  const report = useOrdersReport(filter ?? {}, paging.page, paging.pageSize, filter !== null);
  // The day and hour charts count every item of the range: shown only without a product filter,
  // so everything on screen always follows the filter.
  const withCharts = filter !== null && !filter.product;
  const charts = useReportCharts(filter?.from ?? '', filter?.to ?? '', withCharts);
  const exportCsv = useExportOrdersReport();
  const data = report.data;
  const tableTop = useRef<HTMLDivElement>(null);
  const showPage = (change: () => void) => {
    change();
    tableTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={LABELS.orderReport.title}
        subtitle={
          data &&
          `${text.range(data.from, data.to)}${filter?.product ? text.matching(filter.product) : ''}`
        }
        actions={
          <ExportButton
            label={LABELS.orderReport.exportCsv}
            exportCsv={exportCsv}
            request={filter}
            totalRows={report.isPlaceholderData ? undefined : data?.totalRows}
          />
        }
      />
      <Paper withBorder radius="md" p="md">
        <ReportFilters values={values} onChange={setValues} today={today} errors={errors} />
      </Paper>
      {report.isPending ? (
        <>
          <CardSkeleton label={text.loading} count={4} columns={4} />
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
          <ReportSummary report={report.data} />
          {report.data.totalRows === 0 ? (
            <EmptyState
              icon={IconReceipt}
              message={filter?.product ? text.emptyWithProduct(filter.product) : text.empty}
              hint={text.emptyHint}
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <TopItemsChart items={report.data.topItems} />
                {!withCharts ? null : charts.data ? (
                  <SalesByHourChart hours={charts.data.salesByHour} />
                ) : charts.isError ? (
                  <QueryError
                    title={CHART_TEXT.loadFailed}
                    error={charts.error}
                    onRetry={() => void charts.refetch()}
                  />
                ) : (
                  <CardSkeleton label={CHART_TEXT.loading} count={1} columns={1} />
                )}
              </SimpleGrid>
              {withCharts && charts.data && charts.data.revenueByDay.length > 1 && (
                <RevenueByDayChart days={charts.data.revenueByDay} />
              )}
              {report.data.addonSales.length > 0 && <AddonSales sales={report.data.addonSales} />}
              <Paper withBorder radius="md" p="md" ref={tableTop}>
                <OrdersTable
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
