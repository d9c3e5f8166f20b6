import { useRef, useState } from 'react';
import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, addDays } from '../../../shared/dates';
import { LABELS, MESSAGES } from '../../../shared/messages';
import {
  ordersReportFilterSchema,
  type OrdersReportFilter,
} from '../../../shared/schemas/orders-report.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { notifyActionFailure, notifyFailure } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { useBranchToday } from '../../lib/use-branch-today';
import { useExportOrdersReport, useOrdersReport, useReportCharts } from './api/orders-report';
import { CHART_TEXT } from './charts/chart-text';
import { RevenueByDayChart } from './charts/revenue-by-day-chart';
import { SalesByHourChart } from './charts/sales-by-hour-chart';
import { TopItemsChart } from './charts/top-items-chart';
import { OrdersTable } from './orders/orders-table';
import { ORDERS_REPORT_TEXT as text } from './orders/orders-report-text';
import { ReportFilters, type ReportFilterValues } from './orders/report-filters';
import { ReportSummary } from './orders/report-summary';

type FieldErrors = Partial<Record<'from' | 'to' | 'product', string>>;

/**
 * The filter the screen asks for, or the messages under its fields: both dates are needed here
 * (the API would fill one in), the rest is the API's own query schema.
 */
function checkFilter(values: ReportFilterValues, product: string) {
  const errors: FieldErrors = {};
  if (!values.from) errors.from = MESSAGES.validation.required(LABELS.orderReport.fromDate);
  if (!values.to) errors.to = MESSAGES.validation.required(LABELS.orderReport.toDate);
  const parsed = ordersReportFilterSchema.safeParse({
    from: values.from ?? undefined,
    to: values.to ?? undefined,
    product,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  const filter: OrdersReportFilter | null =
    parsed.success && Object.keys(errors).length === 0
      ? { from: parsed.data.from, to: parsed.data.to, product: parsed.data.product || undefined }
      : null;
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
  // The page goes back to 1 whenever the filter changes.
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ key: filterKey, page: 1, pageSize: 50 });
  const page = paging.key === filterKey ? paging.page : 1;

  const report = useOrdersReport(filter ?? {}, page, paging.pageSize, filter !== null);
  // The day and hour charts count every item of the range: shown only without a product filter,
  // so everything on screen always follows the filter.
  const withCharts = filter !== null && !filter.product;
  const charts = useReportCharts(filter?.from ?? '', filter?.to ?? '', withCharts);
  const exportCsv = useExportOrdersReport();
  const data = report.data;
  const tableTop = useRef<HTMLDivElement>(null);
  const showPage = (next: { page: number; pageSize: number }) => {
    setPaging({ key: filterKey, ...next });
    tableTop.current?.scrollIntoView({ block: 'start' });
  };

  const onExport = () => {
    if (!filter || !data) return;
    // The summary counts every matching line: none, and the file would hold nothing.
    if (data.totalRows === 0) {
      notifyFailure(MESSAGES.report.nothingToExport);
      return;
    }
    exportCsv.mutate(filter, {
      onError: (error) => notifyActionFailure(error, text.exportFailed),
    });
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
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onExport}
            loading={exportCsv.isPending}
            disabled={!filter || !data || report.isPlaceholderData}
          >
            {LABELS.orderReport.exportCsv}
          </Button>
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
              <Paper withBorder radius="md" p="md" ref={tableTop}>
                <OrdersTable
                  rows={report.data.rows}
                  page={page}
                  pageSize={paging.pageSize}
                  totalRows={report.data.totalRows}
                  timeZone={timeZone}
                  onPage={(next) => showPage({ page: next, pageSize: paging.pageSize })}
                  onPageSize={(pageSize) => showPage({ page: 1, pageSize })}
                />
              </Paper>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
