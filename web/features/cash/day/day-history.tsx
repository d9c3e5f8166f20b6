import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../shared/dates';
import type { DayStatus } from '../../../../shared/schemas/cash.schemas';
import { CASH_SCREEN_TEXT as TEXT } from '../cash-text';

/** The day's closes and reopenings, newest first, with who and why. */
export function DayHistory({ status, timeZone }: { status: DayStatus; timeZone: string }) {
  return (
    <Stack gap="sm" component="section" aria-label={TEXT.history}>
      <Title order={2} size="h4">
        {TEXT.history}
      </Title>
      {status.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXT.noHistory}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {status.history.map((entry) => (
            <Stack
              key={`${entry.action}-${entry.at}`}
              component="li"
              gap={2}
              py={8}
              style={{ borderBottom: '1px solid var(--tf-line)' }}
            >
              <Group gap="xs" wrap="wrap">
                <Badge
                  variant="light"
                  color={entry.action === 'close' ? 'gray' : 'yellow'}
                  c={entry.action === 'close' ? '#343a40' : '#6b4a00'}
                >
                  {entry.action === 'close' ? TEXT.historyClose : TEXT.historyReopen}
                </Badge>
                <Text size="sm">
                  {formatDisplayDateTime(new Date(entry.at), timeZone)}
                  {entry.by ? ` · ${entry.by}` : ''}
                </Text>
              </Group>
              {entry.reason && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {entry.reason}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
