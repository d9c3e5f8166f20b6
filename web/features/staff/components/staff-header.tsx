import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { StaffList } from '../../../../shared/schemas/staff.schemas';
import { PageHeader } from '../../../components/page-header';
import { STAFF_TEXT } from '../staff-messages';

type Props = { list: StaffList | undefined; onAdd: () => void };

/** The title, how many of the plan's places are taken, and the way to add someone. */
export function StaffHeader({ list, onAdd }: Props) {
  const full = list !== undefined && list.activeCount >= list.numberOfUsers;
  return (
    <PageHeader
      title={STAFF_TEXT.title}
      subtitle={list && STAFF_TEXT.headcount(list.activeCount, list.numberOfUsers)}
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd}>
          {STAFF_TEXT.addStaff}
        </Button>
      }
    >
      {full && (
        <Text size="sm" c="#9a3a0b">
          {STAFF_TEXT.full}
        </Text>
      )}
    </PageHeader>
  );
}
