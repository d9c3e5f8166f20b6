import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen, IconPrinter, IconReceipt } from '@tabler/icons-react';
import { Link } from '../../lib/router';
import { DEFAULT_TIME_ZONE, formatDisplayDateTime } from '../../../shared/dates';
import { confirmAction } from '../../components/confirm';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { notifyActionFailure, notifyFailure, notifySuccess } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { useBranchToday } from '../../lib/use-branch-today';
import { useCloseDay } from './api/close-day';
import { useDayStatus } from './api/get-day-status';
import { CloseDayMessage } from './day/open-tables-at-close';
import { CASH_SCREEN_TEXT as TEXT } from './cash-text';
import { CashSettingsCard } from './day/cash-settings-card';
import { DayHistory } from './day/day-history';
import { DayReportView } from './day/day-report-view';
import { PrintOnPrinterModal } from './day/print-on-printer-modal';
import { ReopenDayModal } from './day/reopen-day-modal';
import { openDayReportPrint } from './print-window';

const panel = { withBorder: true, radius: 'lg', p: { base: 'md', sm: 'lg' } } as const;

/**
 * /day-close (`day.close`, manager): a business day's X report (open) or Z report (closed),
 * closing it once its shifts are closed (the Z report is mailed), reopening it with a reason,
 * printing the report, the closes' history and the drawer settings (docs/cash.md).
 */
export function DayClosePage() {
  const today = useBranchToday();
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const [date, setDate] = useState<string | null>(today);
  const status = useDayStatus(date);
  const closeDay = useCloseDay();
  const [reopening, setReopening] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const day = status.data;

  // The freshest list of open tables goes into the dialog (tables change all evening).
  const close = async (businessDate: string) => {
    const fresh = (await status.refetch()).data ?? day;
    confirmAction({
      title: TEXT.closeDayTitle(businessDate),
      message: <CloseDayMessage openTables={fresh?.openTables ?? []} />,
      confirmLabel: TEXT.closeDay,
      onConfirm: () =>
        closeDay.mutate(businessDate, {
          onSuccess: (answer) => notifySuccess(TEXT.dayClosedToast(businessDate, answer.mail)),
          onError: (error) => notifyActionFailure(error, TEXT.dayNotClosed),
        }),
    });
  };

  const print = (businessDate: string) => {
    if (!openDayReportPrint(businessDate)) notifyFailure(TEXT.notPrinted, TEXT.popupBlocked);
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={TEXT.dayTitle}
        subtitle={TEXT.daySubtitle}
        actions={
          day && (
            <>
              <Button
                variant="default"
                leftSection={<IconReceipt size={18} aria-hidden />}
                onClick={() => print(day.businessDate)}
              >
                {TEXT.print}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
                onClick={() => setPrinting(day.businessDate)}
              >
                {TEXT.printOnPrinter}
              </Button>
            </>
          )
        }
      />
      <Paper {...panel}>
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Group align="flex-end" gap="md" wrap="wrap">
            <DayMonthYearInput
              label={TEXT.day}
              name="date"
              value={date}
              latest={today}
              onChange={(value) => setDate(value)}
              size="md"
              w={200}
            />
            {day && (
              <Stack gap={2} pb={4}>
                <Badge
                  size="lg"
                  variant="light"
                  color={day.closed ? 'gray' : 'green'}
                  c={day.closed ? '#343a40' : '#1e5e2a'}
                  data-testid="day-state"
                >
                  {day.closed ? TEXT.dayIsClosed : TEXT.dayOpen}
                </Badge>
                {day.closed && day.closedAt && (
                  <Text size="xs" c="dimmed">
                    {TEXT.dayClosedAt(
                      formatDisplayDateTime(new Date(day.closedAt), timeZone),
                      day.closedBy,
                    )}
                  </Text>
                )}
              </Stack>
            )}
          </Group>
          {day &&
            (day.closed ? (
              <Button
                size="md"
                variant="default"
                leftSection={<IconLockOpen size={18} aria-hidden />}
                onClick={() => setReopening(day.businessDate)}
              >
                {TEXT.reopenDay}
              </Button>
            ) : (
              <Button
                size="md"
                leftSection={<IconLock size={18} aria-hidden />}
                disabled={day.openShifts > 0}
                loading={closeDay.isPending}
                onClick={() => void close(day.businessDate)}
                aria-describedby={day.openShifts > 0 ? 'open-shifts-left' : undefined}
              >
                {TEXT.closeDay}
              </Button>
            ))}
        </Group>
        {day && !day.closed && day.openShifts > 0 && (
          <Alert color="yellow" variant="light" mt="md" id="open-shifts-left" role="status">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{TEXT.openShiftsLeft(day.openShifts)}</Text>
              <Anchor component={Link} to={paths.cash} size="sm" fw={600}>
                {TEXT.goToDrawer}
              </Anchor>
            </Stack>
          </Alert>
        )}
      </Paper>
      {date === null ? null : status.isPending ? (
        <CardSkeleton label={TEXT.dayLoading} count={6} columns={3} />
      ) : status.isError ? (
        <QueryError
          title={TEXT.dayLoadFailed}
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <>
          <DayReportView report={status.data.report} timeZone={timeZone} />
          <Paper {...panel}>
            <DayHistory status={status.data} timeZone={timeZone} />
          </Paper>
        </>
      )}
      <Paper {...panel}>
        <CashSettingsCard />
      </Paper>
      <ReopenDayModal date={reopening} onClose={() => setReopening(null)} />
      <PrintOnPrinterModal date={printing} onClose={() => setPrinting(null)} />
    </Stack>
  );
}
