import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCashBanknote, IconLock, IconMinus, IconPlus } from '@tabler/icons-react';
import { formatDisplayTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { Shift } from '../../../../shared/schemas/cash.schemas';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import { ShiftFigures } from './shift-figures';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The cash put in and taken out of a shift's drawer, newest last. */
function Entries({ shift, timeZone }: { shift: Shift; timeZone: string }) {
  if (shift.entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {TEXT.noEntries}
      </Text>
    );
  }
  return (
    <Stack
      gap={0}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={TEXT.entries}
    >
      {shift.entries.map((entry) => (
        <Group
          key={entry.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={6}
          align="flex-start"
          style={{ borderBottom: '1px solid var(--tf-line)' }}
        >
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entry.kind === 'in' ? TEXT.cashIn : TEXT.cashOut}: {entry.reason}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatDisplayTime(new Date(entry.createdAt), timeZone)}
              {entry.createdBy ? ` · ${entry.createdBy}` : ''}
              {entry.note ? ` · ${entry.note}` : ''}
            </Text>
          </Stack>
          <Text
            size="sm"
            fw={700}
            style={numeric}
            c={entry.kind === 'out' ? 'var(--mantine-color-red-9)' : undefined}
          >
            {entry.kind === 'out' ? '−' : '+'}
            {formatInr(entry.amountPaise)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A counter's open shift: who opened it when, its figures, its cash in and out, and what can be
 * done: use it on this device, cash in, cash out, close.
 */
export function OpenShiftCard({
  shift,
  timeZone,
  here,
  disabled,
  onUseHere,
  onEntry,
  onClose,
}: {
  shift: Shift;
  timeZone: string;
  /** This device takes cash for this shift. */
  here: boolean;
  /** The day is closed: nothing can change. */
  disabled: boolean;
  onUseHere: () => void;
  onEntry: (kind: 'in' | 'out') => void;
  onClose: () => void;
}) {
  return (
    <Stack gap="sm">
      <Group gap={6} wrap="wrap">
        <Badge color="green" variant="light" c="#1e5e2a">
          {TEXT.open}
        </Badge>
        {here ? (
          <Badge color="blue" variant="light" c="#1b4b8a" data-testid="this-device">
            {TEXT.thisDevice}
          </Badge>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={TEXT.workHereLabel(shift.counterName)}
            onClick={onUseHere}
          >
            {TEXT.workHere}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {TEXT.openedAt(formatDisplayTime(new Date(shift.openedAt), timeZone), shift.openedBy)}
      </Text>
      <ShiftFigures shift={shift} />
      {shift.expectedPaise === null && (
        <Text size="xs" c="dimmed">
          {TEXT.blindHint}
        </Text>
      )}
      <Text size="sm" fw={700} mt={4}>
        {TEXT.entries}
      </Text>
      <Entries shift={shift} timeZone={timeZone} />
      <SimpleGrid cols={2} spacing="xs" mt={4}>
        <Button
          variant="default"
          size="md"
          px="xs"
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={disabled}
          onClick={() => onEntry('in')}
        >
          {TEXT.cashIn}
        </Button>
        <Button
          variant="default"
          size="md"
          px="xs"
          leftSection={<IconMinus size={18} aria-hidden />}
          disabled={disabled}
          onClick={() => onEntry('out')}
        >
          {TEXT.cashOut}
        </Button>
      </SimpleGrid>
      <Button
        size="md"
        fullWidth
        leftSection={<IconLock size={18} aria-hidden />}
        aria-label={TEXT.closeShiftLabel(shift.counterName)}
        disabled={disabled}
        onClick={onClose}
      >
        {TEXT.closeShift}
      </Button>
    </Stack>
  );
}

/** A closed shift: when, by whom, expected against counted, the difference and the note. */
export function ClosedShiftCard({ shift, timeZone }: { shift: Shift; timeZone: string }) {
  const at = (iso: string) => formatDisplayTime(new Date(iso), timeZone);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`${shift.counterName} ${at(shift.openedAt)}`}
      data-testid="closed-shift"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconCashBanknote size={18} aria-hidden />
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {shift.counterName}
            </Text>
          </Group>
          <Badge color="gray" variant="light" c="#343a40">
            {TEXT.closed}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {TEXT.openedAt(at(shift.openedAt), shift.openedBy)}
          {shift.closedAt ? ` · ${TEXT.closedAt(at(shift.closedAt), shift.closedBy)}` : ''}
        </Text>
        <ShiftFigures shift={shift} />
        {shift.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {TEXT.note}:
            </Text>{' '}
            {shift.note}
          </Text>
        )}
        {shift.approvedBy && (
          <Text size="xs" c="dimmed">
            {TEXT.approvedBy(shift.approvedBy)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
