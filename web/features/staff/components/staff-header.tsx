import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { StaffList } from '../../../../shared/schemas/staff.schemas';
import { STAFF_TEXT } from '../staff-messages';

type Props = { list: StaffList | undefined; onAdd: () => void };

/** The title, how many of the plan's places are taken, and the way to add someone. */
export function StaffHeader({ list, onAdd }: Props) {
  const full = list !== undefined && list.activeCount >= list.numberOfUsers;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {STAFF_TEXT.title}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd}>
          {STAFF_TEXT.addStaff}
        </Button>
      </Group>
      {list && (
        <Text c="gray.7" aria-live="polite">
          {STAFF_TEXT.headcount(list.activeCount, list.numberOfUsers)}
        </Text>
      )}
      {full && (
        <Text size="sm" c="#9a3a0b">
          {STAFF_TEXT.full}
        </Text>
      )}
    </Stack>
  );
}
