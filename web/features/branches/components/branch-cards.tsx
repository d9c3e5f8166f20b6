import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
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

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" w={64} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The branch list on a phone: one card per branch, the same facts as the table's row. */
export function BranchCards({ branches, onAction }: Props) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {branches.map((branch) => (
        <Card key={branch.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{branch.name}</Text>
              <Text size="sm" c="dimmed" ff="monospace">
                {branch.code}
              </Text>
            </div>
            <BranchActionsMenu branch={branch} onAction={onAction} />
          </Group>
          <Stack gap={4} mt="sm">
            <div>
              <BranchStatusBadge status={branch.status} />
            </div>
            <Line label="Owner">
              {branch.ownerName} · {branch.email}
            </Line>
            <Line label="Plan">
              {planLabel(branch)}
              {branch.amountPaise !== null && ` · ${formatInr(branch.amountPaise)}`}
            </Line>
            <Line label="Dates">
              {formatDisplayDate(branch.activeDate)} to {formatDisplayDate(branch.deactiveDate)}
            </Line>
            <Line label="Users">
              {BRANCH_TEXT.usersOf(branch.activeStaff, branch.numberOfUsers)} staff
            </Line>
            <Line label="Location">{branch.location}</Line>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
