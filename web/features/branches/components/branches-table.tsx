import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { formatInr } from '../../../../shared/money';
import { BRANCH_TEXT, planLabel } from '../branch-text';
import { formatDisplayDate } from '../../../../shared/dates';
import { BranchActionsMenu, type BranchAction } from './branch-actions-menu';
import { BranchStatusBadge } from './branch-status-badge';

type Props = {
  branches: BranchView[];
  onAction: (action: BranchAction, branch: BranchView) => void;
};

/** Every branch in a row; on a narrow screen the page shows BranchCards instead. */
export function BranchesTable({ branches, onAction }: Props) {
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {BRANCH_TEXT.columns.map((column, index) => (
              <Table.Th key={index}>{column || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {branches.map((branch) => (
            <Table.Tr key={branch.id}>
              <Table.Td>
                <Text fw={600} ff="monospace" size="sm">
                  {branch.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {branch.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {branch.location}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{branch.ownerName}</Text>
                <Text size="xs" c="dimmed">
                  {branch.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{planLabel(branch)}</Text>
                {branch.amountPaise !== null && (
                  <Text size="xs" c="dimmed">
                    {formatInr(branch.amountPaise)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDisplayDate(branch.activeDate)}</Text>
                <Text size="xs" c="dimmed">
                  to {formatDisplayDate(branch.deactiveDate)}
                </Text>
              </Table.Td>
              <Table.Td>
                <BranchStatusBadge status={branch.status} />
              </Table.Td>
              <Table.Td title={BRANCH_TEXT.usersHint}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {BRANCH_TEXT.usersOf(branch.activeStaff, branch.numberOfUsers)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <BranchActionsMenu branch={branch} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
