import { useEffect, useState } from 'react';
import { Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceiptOff } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { MESSAGES } from '../../../shared/messages';
import { formatInr } from '../../../shared/money';
import type { DueRow } from '../../../shared/schemas/payments-report.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { useDues } from './api/dues';
import { ReportSearch } from './components/date-range-filter';
import { ReportPagination } from './components/report-pagination';
import { useReportPaging } from './components/use-report-paging';
import { DuesByPerson } from './dues/dues-by-person';
import { DuesTable } from './dues/dues-table';
import { DUES_TEXT as text } from './dues/dues-text';
import { UpdatePaymentModal } from './dues/update-payment-modal';
import { CancelBillModal, type BillToCancel } from './payments/cancel-bill-modal';

type View = 'bills' | 'people';

/**
 * /report/dues: the Due bills (search by table number, method or responsible, any case), the
 * total outstanding, and who owes how much since when. A status opens 'Update Payment' to
 * settle the bill with a method. Live: a bill paid as Due or settled on another device
 * refreshes the list. Staff use it too (they settle dues), so it shows no other money.
 */
export function DuesReportPage() {
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [view, setView] = useState<View>('bills');
  // The bill of the popup stays set while the popup closes (its content stays).
  const [popup, setPopup] = useState<{ due: DueRow; opened: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<BillToCancel | null>(null);
  const paging = useReportPaging(debounced);
  const dues = useDues(debounced, paging.page, paging.pageSize);
  const data = dues.data;
  // Settling the last dues of the last page leaves it empty: show the page before it.
  const lastPage = data ? Math.max(1, Math.ceil(data.totalRows / data.pageSize)) : 1;
  const { page, setPage } = paging;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={text.title}
        count={data?.totalRows}
        subtitle={
          data && data.totalRows > 0
            ? text.outstanding(formatInr(data.totalOutstandingPaise), data.totalRows)
            : undefined
        }
      />
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <ReportSearch
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          label={text.search}
          placeholder={text.searchPlaceholder}
          w={{ base: '100%', xs: 320 }}
        />
        <SegmentedControl
          aria-label={text.views}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'bills', label: text.byBill },
            { value: 'people', label: text.byPerson },
          ]}
        />
      </Group>
      {dues.isPending ? (
        <TableSkeleton label={text.loading} rows={5} columns={7} />
      ) : dues.isError ? (
        <QueryError
          title={text.loadFailed}
          error={dues.error}
          onRetry={() => void dues.refetch()}
        />
      ) : dues.data.totalRows === 0 ? (
        <EmptyState
          icon={IconReceiptOff}
          message={MESSAGES.dues.empty}
          hint={debounced ? text.emptySearchHint(debounced) : text.emptyHint}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          {view === 'bills' ? (
            <Stack gap="xs">
              <DuesTable
                rows={dues.data.rows}
                timeZone={timeZone}
                onStatus={(due) => setPopup({ due, opened: true })}
                onCancel={setCancelling}
              />
              <ReportPagination
                page={paging.page}
                pageSize={paging.pageSize}
                shown={dues.data.rows.length}
                totalRows={dues.data.totalRows}
                onPage={paging.setPage}
                onPageSize={paging.setPageSize}
                siblings={1}
              />
            </Stack>
          ) : (
            <DuesByPerson
              groups={dues.data.byResponsible}
              timeZone={timeZone}
              onShowBills={(name) => {
                setSearch(name);
                setView('bills');
              }}
            />
          )}
        </Paper>
      )}
      <UpdatePaymentModal
        due={popup?.due ?? null}
        opened={popup?.opened ?? false}
        onClose={() => setPopup((current) => current && { ...current, opened: false })}
      />
      <CancelBillModal bill={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
