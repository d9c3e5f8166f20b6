import { Card, Divider, Group, Stack } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { ActiveSwitch } from './active-switch';
import { PlanSummary } from './plan-summary';
import { StaffActions, type StaffAction } from './staff-actions';
import { StaffIdentity } from './staff-identity';

type Props = {
  items: StaffMember[];
  today: string;
  onAction: (action: StaffAction) => void;
};

/** Phones: one card per staff member. */
export function StaffCards({ items, today, onAction }: Props) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((member) => (
        <Card key={member.id} component="li" withBorder padding="md" aria-label={member.name}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <StaffIdentity member={member} />
              <ActiveSwitch member={member} />
            </Group>
            <PlanSummary member={member} today={today} />
            <Divider />
            <StaffActions member={member} onAction={onAction} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
