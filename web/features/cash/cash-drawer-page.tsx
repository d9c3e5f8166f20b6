import { useEffect, useState } from 'react';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister, IconLock } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import type { Counter, Shift } from '../../../shared/schemas/cash.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { notifySuccess } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { useCounters } from './api/get-counters';
import { useShifts } from './api/get-shifts';
import { CASH_SCREEN_TEXT as TEXT } from './cash-text';
import { CloseShiftModal } from './components/close-shift-modal';
import { EntryModal, type EntryTarget } from './components/entry-modal';
import { OpenShiftModal } from './components/open-shift-modal';
import { ClosedShiftCard, OpenShiftCard } from './components/shift-card';
import { rememberShift, useCurrentShiftId } from '../../lib/current-shift';

const panel = { withBorder: true, radius: 'lg', p: { base: 'md', sm: 'lg' } } as const;

/**
 * /cash (`cash.drawer`, staff and manager): each counter with its open shift (float, cash in
 * and out, close with a count) or Open shift; today's closed shifts with their differences.
 * This device remembers the shift it takes cash for (web/lib/current-shift.ts).
 */
export function CashDrawerPage() {
  const counters = useCounters();
  const shifts = useShifts(null);
  const timeZone = useSession().data?.branch?.timeZone ?? DEFAULT_TIME_ZONE;
  const here = useCurrentShiftId();
  const [opening, setOpening] = useState<Counter | null>(null);
  const [entry, setEntry] = useState<EntryTarget | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);

  // This device's shift was closed elsewhere: it takes cash for no shift now.
  const items = shifts.data?.items;
  useEffect(() => {
    if (here && items?.some((shift) => shift.id === here && shift.status === 'closed')) {
      rememberShift(null);
    }
  }, [here, items]);

  const error = counters.error ?? shifts.error;
  const loading = counters.isPending || shifts.isPending;
  const dayClosed = shifts.data?.dayClosed ?? false;
  const openShiftOf = (counter: Counter) =>
    items?.find((shift) => shift.counterId === counter.id && shift.status === 'open') ?? null;
  const closedShifts = (items ?? []).filter((shift) => shift.status === 'closed');

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={TEXT.title} subtitle={TEXT.subtitle} />
      {loading ? (
        <CardSkeleton label={TEXT.loading} count={2} columns={2} />
      ) : error ? (
        <QueryError
          title={TEXT.loadFailed}
          error={error}
          onRetry={() => {
            void counters.refetch();
            void shifts.refetch();
          }}
        />
      ) : (
        <>
          {dayClosed && shifts.data && (
            <Alert
              color="yellow"
              variant="light"
              radius="lg"
              icon={<IconLock size={20} aria-hidden />}
              role="status"
            >
              {TEXT.dayClosed(shifts.data.businessDate)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {counters.data?.items.map((counter) => {
              const shift = openShiftOf(counter);
              return (
                <Paper
                  key={counter.id}
                  {...panel}
                  component="section"
                  aria-label={counter.name}
                  data-testid="counter"
                >
                  <Stack gap="sm">
                    <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                      {counter.name}
                    </Title>
                    {shift ? (
                      <OpenShiftCard
                        shift={shift}
                        timeZone={timeZone}
                        here={here === shift.id}
                        disabled={dayClosed}
                        onUseHere={() => {
                          rememberShift(shift.id);
                          notifySuccess(TEXT.usedHere(counter.name));
                        }}
                        onEntry={(kind) => setEntry({ shift, kind })}
                        onClose={() => setClosing(shift)}
                      />
                    ) : (
                      <Stack gap="sm" align="flex-start">
                        <Text c="dimmed">{TEXT.noShift}</Text>
                        <Button
                          size="md"
                          leftSection={<IconCashRegister size={18} aria-hidden />}
                          aria-label={TEXT.openShiftLabel(counter.name)}
                          disabled={dayClosed}
                          onClick={() => setOpening(counter)}
                        >
                          {TEXT.openShift}
                        </Button>
                      </Stack>
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
          <Stack gap="sm" component="section" aria-label={TEXT.closedToday}>
            <Title order={2} size="h4">
              {TEXT.closedToday}
            </Title>
            {closedShifts.length === 0 ? (
              <EmptyState icon={IconCashRegister} message={TEXT.noneClosed} />
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {closedShifts.map((shift) => (
                  <ClosedShiftCard key={shift.id} shift={shift} timeZone={timeZone} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      )}
      <OpenShiftModal counter={opening} onClose={() => setOpening(null)} />
      <EntryModal target={entry} onClose={() => setEntry(null)} />
      <CloseShiftModal shift={closing} onClose={() => setClosing(null)} />
    </Stack>
  );
}
