import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { DueGroup } from '../../../../shared/schemas/payments-report.schemas';
import { DUES_TEXT as text } from './dues-text';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Who owes how much, on how many bills, since when (their oldest due), the largest amount
 * first; a name shows that person's bills.
 */
export function DuesByPerson({
  groups,
  onShowBills,
  timeZone,
}: {
  groups: DueGroup[];
  onShowBills: (name: string) => void;
  timeZone: string;
}) {
  return (
    <Stack
      gap={0}
      component="ul"
      p={0}
      m={0}
      aria-label={text.groupsCaption}
      style={{ listStyle: 'none' }}
    >
      {groups.map((group) => (
        <Group
          key={group.responsible}
          component="li"
          justify="space-between"
          align="center"
          wrap="nowrap"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--tf-line)' }}
        >
          <Stack gap={2} miw={0} align="flex-start">
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              onClick={() => onShowBills(group.responsible)}
              aria-label={text.showBillsOf(group.responsible)}
              style={{ overflowWrap: 'anywhere' }}
            >
              {group.responsible}
            </Button>
            <Text size="xs" c="dimmed">
              {text.groupBills(group.billCount)} ·{' '}
              {text.since(formatDisplayDateTime(new Date(group.since), timeZone))}
            </Text>
          </Stack>
          <Text fw={700} style={numeric}>
            {formatInr(group.outstandingPaise)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
