import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StaffList as StaffListData } from '../../../../shared/schemas/staff.schemas';
import { useBranchToday } from '../use-branch-today';
import { STAFF_TEXT } from '../staff-messages';
import type { StaffAction } from './staff-actions';
import { StaffCards } from './staff-cards';
import { StaffTable } from './staff-table';

type Props = {
  query: UseQueryResult<StaffListData>;
  onAction: (action: StaffAction) => void;
};

/** Loading, failure, empty, or the staff: a table on wide screens, cards on phones. */
export function StaffList({ query, onAction }: Props) {
  // Read at once (no first render with the wrong layout): the app only renders in a browser.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const today = useBranchToday();

  if (query.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text c="gray.7">{STAFF_TEXT.loading}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={STAFF_TEXT.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {STAFF_TEXT.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { items } = query.data;
  if (items.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text ta="center">{STAFF_TEXT.empty}</Text>
      </Paper>
    );
  }
  return phone ? (
    <StaffCards items={items} today={today} onAction={onAction} />
  ) : (
    <StaffTable items={items} today={today} onAction={onAction} />
  );
}
