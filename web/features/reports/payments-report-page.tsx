import { useState } from 'react';
import { Grid, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, addDays } from '../../../shared/dates';
import { LABELS } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { useBranchToday } from '../../lib/use-branch-today';
import { useExportPaymentsReport, usePaymentsReport } from './api/payments-report';
import { ExportButton } from './components/export-button';
import { useReportPaging } from './components/use-report-paging';
import { AssociatedOrdersModal } from './payments/associated-orders-modal';
import { CancelBillModal, type BillToCancel } from './payments/cancel-bill-modal';
import { MethodTotals } from './payments/method-totals';
import {
  PaymentsFilters,
  checkPaymentsFilter,
  type PaymentsFilterValues,
} from './payments/payments-filters';
import { PaymentsTable } from './payments/payments-table';
import { PAYMENTS_TEXT as text } from './payments/payments-text';
import { RevenueByMethodChart } from './payments/revenue-by-method-chart';
import { useStatusChange } from './payments/use-status-change';

/**
 * /report/payments, the Payment History Report: From Date and To Date (the last 7 days at
 * first), a search, Export of everything that matches, the totals per payment method (money as
 * it came in, and what is still owed) with a ring of them, and the bills a page at a time. A
 * bill's total opens its Associated Orders; a Due status asks, then settles it. Live: a bill
 * paid or settled on another device refreshes it.
 */
export function PaymentsReportPage() {
  const today = useBranchToday();
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const [values, setValues] = useState<PaymentsFilterValues>(() => ({
    from: addDays(today, -6),
    to: today,
    search: '',
  }));
  const [search] = useDebouncedValue(values.search.trim(), 300);
  const { filter, errors } = checkPaymentsFilter(values, search);
  const paging = useReportPaging(filter);
  // The bill of the Associated Orders panel stays set while the panel closes (its content stays).
  const [panel, setPanel] = useState<{ billId: string; opened: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<BillToCancel | null>(null);

  const report = usePaymentsReport(
    filter ?? { from: today, to: today },
    paging.page,
    paging.pageSize,
    filter !== null,
  );
  const exportCsv = useExportPaymentsReport();
  const status = useStatusChange();
  const data = report.data;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={LABELS.paymentReport.title}
        subtitle={data && `${text.range(data.from, data.to)} · ${text.bills(data.totalRows)}`}
        actions={
          <ExportButton
            label={LABELS.paymentReport.export}
            exportCsv={exportCsv}
            request={filter && { filter, today }}
            totalRows={report.isPlaceholderData ? undefined : data?.totalRows}
          />
        }
      />
      <Paper withBorder radius="md" p="md">
        <PaymentsFilters values={values} onChange={setValues} today={today} errors={errors} />
      </Paper>
      {report.isPending ? (
        <>
          <CardSkeleton label={text.loading} count={6} columns={3} />
          <TableSkeleton label={text.loading} rows={6} columns={7} />
        </>
      ) : report.isError ? (
        <QueryError
          title={text.loadFailed}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <MethodTotals report={report.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <RevenueByMethodChart totals={report.data.totals} />
            </Grid.Col>
          </Grid>
          {report.data.totalRows === 0 ? (
            <EmptyState
              icon={IconReceipt}
              message={filter?.search ? text.emptySearch(filter.search) : text.empty}
              hint={text.emptyHint}
            />
          ) : (
            <Paper withBorder radius="md" p="md">
              <PaymentsTable
                rows={report.data.rows}
                page={paging.page}
                pageSize={paging.pageSize}
                totalRows={report.data.totalRows}
                timeZone={timeZone}
                onPage={paging.setPage}
                onPageSize={paging.setPageSize}
                onOpen={(row) => setPanel({ billId: row.id, opened: true })}
                onStatus={status.ask}
                onCancel={setCancelling}
                pendingId={status.pendingId}
              />
            </Paper>
          )}
        </>
      )}
      <AssociatedOrdersModal
        billId={panel?.billId ?? null}
        opened={panel?.opened ?? false}
        timeZone={timeZone}
        onClose={() => setPanel((current) => current && { ...current, opened: false })}
        onCancel={(bill) => {
          // One dialog at a time: the panel closes while the reason is asked.
          setPanel((current) => current && { ...current, opened: false });
          setCancelling(bill);
        }}
      />
      <CancelBillModal bill={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
