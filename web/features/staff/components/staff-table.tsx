import { Table } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { ActiveSwitch } from './active-switch';
import { PlanBadge, PlanDates } from './plan-summary';
import { StaffActions, type StaffAction } from './staff-actions';
import { StaffIdentity } from './staff-identity';

type Props = {
  items: StaffMember[];
  today: string;
  onAction: (action: StaffAction) => void;
};

/** Wide screens: one row per staff member. */
export function StaffTable({ items, today, onAction }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff member</Table.Th>
            <Table.Th>Plan dates</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                <StaffIdentity member={member} />
              </Table.Td>
              <Table.Td>
                <PlanDates member={member} />
              </Table.Td>
              <Table.Td>
                <PlanBadge member={member} today={today} />
              </Table.Td>
              <Table.Td>
                <ActiveSwitch member={member} />
              </Table.Td>
              <Table.Td>
                <StaffActions member={member} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
