import { Badge, Group, Stack, Text } from '@mantine/core';
import type { StaffMember } from '../../../../shared/schemas/staff.schemas';
import { STAFF_TEXT } from '../staff-messages';

/** Name, role and email; a mark while the member still has a temporary password. */
export function StaffIdentity({ member }: { member: StaffMember }) {
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} c={member.isActive ? undefined : 'gray.7'}>
          {member.name}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={member.role === 'kitchen' ? 'orange' : 'brand'}
          c={member.role === 'kitchen' ? 'dark.8' : 'brand.9'}
          tt="none"
          data-testid="staff-role"
        >
          {STAFF_TEXT.roles[member.role]}
        </Badge>
        {member.mustChangePassword && (
          <Badge size="sm" color="gray" c="gray.8" variant="outline" tt="none">
            Temporary password
          </Badge>
        )}
      </Group>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
    </Stack>
  );
}
