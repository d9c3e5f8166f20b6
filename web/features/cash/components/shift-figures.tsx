import { Group, Stack, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { Shift } from '../../../../shared/schemas/cash.schemas';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';
import { differenceText, differenceTone } from '../day-report-sections';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A short drawer in red, an over one in dark orange (both readable on white). */
export const TONE_COLOR = { short: 'var(--mantine-color-red-9)', over: '#a14a00' } as const;

function Line({
  label,
  value,
  strong,
  color,
  testId,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  color?: string;
  testId?: string;
  tone?: string;
}) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py={2}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 800 : 600}
        c={color}
        style={numeric}
        data-testid={testId}
        data-tone={tone}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * A shift's drawer in figures: the float, cash received and given back, cash in and out, what
 * the drawer should hold and, once closed, what was counted and the difference. Staff see
 * 'Counted at close' instead of the expected cash of an open shift (they count blind).
 */
export function ShiftFigures({ shift }: { shift: Shift }) {
  const tone = differenceTone(shift.differencePaise);
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      <Line label={TEXT.float} value={formatInr(shift.floatPaise)} />
      {shift.cashReceivedPaise !== null && (
        <Line label={TEXT.cashReceived} value={formatInr(shift.cashReceivedPaise)} />
      )}
      {shift.cashRefundedPaise !== null && shift.cashRefundedPaise > 0 && (
        <Line label={TEXT.cashRefunded} value={`−${formatInr(shift.cashRefundedPaise)}`} />
      )}
      {shift.cashInPaise > 0 && <Line label={TEXT.cashIn} value={formatInr(shift.cashInPaise)} />}
      {shift.cashOutPaise > 0 && (
        <Line label={TEXT.cashOut} value={`−${formatInr(shift.cashOutPaise)}`} />
      )}
      <Line
        label={TEXT.expected}
        value={shift.expectedPaise === null ? TEXT.countedAtClose : formatInr(shift.expectedPaise)}
        strong
        testId="shift-expected"
      />
      {shift.countedPaise !== null && (
        <Line
          label={TEXT.counted}
          value={formatInr(shift.countedPaise)}
          strong
          testId="shift-counted"
        />
      )}
      {shift.differencePaise !== null && (
        <Line
          label={TEXT.difference}
          value={differenceText(shift.differencePaise)}
          strong
          color={tone ? TONE_COLOR[tone] : 'var(--mantine-color-green-9)'}
          testId="shift-difference"
          tone={tone ?? 'exact'}
        />
      )}
    </Stack>
  );
}
