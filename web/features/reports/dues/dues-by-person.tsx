import { Button, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { DueGroup } from '../../../../shared/schemas/payments-report.schemas';
import { numeric } from '../components/report-layout';
import { RowItem, RowList } from '../components/report-rows';
import { DUES_TEXT as text } from './dues-text';

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
    <RowList label={text.groupsCaption}>
      {groups.map((group) => (
        <RowItem key={group.responsible} align="center" gap="sm">
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
        </RowItem>
      ))}
    </RowList>
  );
}
