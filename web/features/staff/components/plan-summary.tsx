import { Badge, Stack, Text } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { formatDisplayDate } from '../../../../shared/dates';
import { planBadge } from '../staff-dates';

export function PlanDates({ member }: { member: StaffMember }) {
  if (!member.activeDate || !member.deactiveDate) {
    return <Text size="sm">Follows the branch plan</Text>;
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDisplayDate(member.activeDate)} – {formatDisplayDate(member.deactiveDate)}
    </Text>
  );
}

export function PlanBadge({ member, today }: { member: StaffMember; today: string }) {
  const badge = planBadge(member, today);
  if (!badge) return null;
  return (
    <Badge color={badge.color} c={badge.textColor} variant="light" size="md" tt="none">
      {badge.label}
    </Badge>
  );
}

/** The plan's dates and its state today, stacked. */
export function PlanSummary({ member, today }: { member: StaffMember; today: string }) {
  return (
    <Stack gap={4} align="flex-start">
      <PlanDates member={member} />
      <PlanBadge member={member} today={today} />
    </Stack>
  );
}
