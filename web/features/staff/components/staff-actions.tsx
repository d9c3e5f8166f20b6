import { Button, Group } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';

export type StaffAction = { kind: 'plan' | 'password'; member: StaffMember };

type Props = { member: StaffMember; onAction: (action: StaffAction) => void };

export function StaffActions({ member, onAction }: Props) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="light"
        size="compact-sm"
        onClick={() => onAction({ kind: 'plan', member })}
        aria-label={`Edit plan dates of ${member.name}`}
      >
        Edit plan dates
      </Button>
      <Button
        variant="light"
        size="compact-sm"
        onClick={() => onAction({ kind: 'password', member })}
        aria-label={`Reset password of ${member.name}`}
      >
        Reset password
      </Button>
    </Group>
  );
}
