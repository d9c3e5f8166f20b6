import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconPrinter, IconReceipt } from '@tabler/icons-react';
import type { BillStatus } from '../../../shared/constants';
import { formatDisplayTime } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import type { TodayBill } from '../../../shared/schemas/bill-print.schemas';
import { EmptyState } from '../../components/empty-state';
import { PrintStatus } from '../../components/print-status';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import type { PrintJob } from '../../../shared/schemas/printing.schemas';
import { useBillPrintJobs, useHasNetworkBillPrinter, usePrintBillAgain } from './api/bill-printing';
import { useTodayBills } from './api/today-bills';
import { BILLING_TEXT } from './billing-text';
import { openBillPrint } from './print-windows';

const STATUS_COLOR: Record<BillStatus, string> = {
  Settled: 'green',
  Due: 'orange',
  Cancelled: 'gray',
};

/**
 * The billing screen's "Today's bills": the branch's bills of today, newest first, each with a
 * Reprint that opens its printout marked DUPLICATE in its own window (staff too; older bills
 * are reprinted from the reports). Opened by `TodayBillsButton` (today-bills-button.tsx).
 */
export function TodayBillsDrawer({ onClose }: { onClose: () => void }) {
  return (
    <Drawer
      opened
      onClose={onClose}
      title={BILLING_TEXT.todaysBills}
      position="right"
      size="md"
      styles={{ title: { fontWeight: 700 } }}
    >
      <TodayBillsList />
    </Drawer>
  );
}

function TodayBillsList() {
  const bills = useTodayBills(true);
  const networkPrinter = useHasNetworkBillPrinter();
  const jobs = useBillPrintJobs();
  const printAgain = usePrintBillAgain();
  const onPrintAgain = (bill: TodayBill) =>
    printAgain.mutate(bill.id, {
      onSuccess: () => notifySuccess(BILLING_TEXT.printAgainSent(bill.number)),
      onError: (error) => notifyActionFailure(error, BILLING_TEXT.printAgainFailed),
    });
  if (bills.isPending) return <ListSkeleton label={BILLING_TEXT.todaysBills} rows={5} />;
  if (bills.isError) {
    return (
      <QueryError
        title={BILLING_TEXT.todaysBillsFailed}
        error={bills.error}
        onRetry={() => void bills.refetch()}
      />
    );
  }
  const { items, truncated } = bills.data;
  if (items.length === 0) {
    return <EmptyState icon={IconReceipt} message={BILLING_TEXT.todaysBillsEmpty} />;
  }
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {truncated && (
        <Text size="sm" c="var(--tf-muted)" mb="xs">
          {BILLING_TEXT.todaysBillsTruncated(items.length)}
        </Text>
      )}
      {items.map((bill) => (
        <TodayBillRow
          key={bill.id}
          bill={bill}
          timeZone={bills.data.timeZone}
          jobs={jobs.data?.get(bill.id)}
          // A branch with a network bill printer reprints there; others in the print window.
          onPrintAgain={networkPrinter.data ? () => onPrintAgain(bill) : null}
          printingAgain={printAgain.isPending && printAgain.variables === bill.id}
        />
      ))}
    </Stack>
  );
}

function TodayBillRow({
  bill,
  timeZone,
  jobs,
  onPrintAgain,
  printingAgain,
}: {
  bill: TodayBill;
  timeZone: string;
  /** Its print jobs among the branch's latest (network printers). */
  jobs: readonly PrintJob[] | undefined;
  onPrintAgain: (() => void) | null;
  printingAgain: boolean;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      aria-label={bill.number}
    >
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {bill.number}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLOR[bill.status]}>
            {bill.status}
          </Badge>
        </Group>
        <Text size="sm" c="var(--tf-muted)">
          {bill.tableLabel} · {formatDisplayTime(new Date(bill.createdAt), timeZone)} ·{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {formatInr(bill.totalPaise)}
          </Text>
        </Text>
        <PrintStatus jobs={jobs} />
      </Stack>
      {onPrintAgain ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-label={BILLING_TEXT.printAgainOf(bill.number)}
          loading={printingAgain}
          onClick={onPrintAgain}
          style={{ flexShrink: 0 }}
        >
          {BILLING_TEXT.printAgainOnPrinter}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          aria-label={BILLING_TEXT.reprintOf(bill.number)}
          onClick={() => openBillPrint(bill.id, 'duplicate')}
          style={{ flexShrink: 0 }}
        >
          {BILLING_TEXT.reprint}
        </Button>
      )}
    </Group>
  );
}
