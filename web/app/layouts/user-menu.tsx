import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LABELS } from '../../../shared/messages';
import { ROLE_LABELS, can } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * The header's account menu: who is signed in (name, role), Change password, Two-factor sign-in
 * (super admins and managers) and Log out.
 */
export function UserMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const { name, role } = session.user;
  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account menu of ${name}`}
          className="tf-user-button"
          px={6}
          py={4}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {initials(name)}
            </Avatar>
            <div className="tf-user-name">
              <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {ROLE_LABELS[role]}
              </Text>
            </div>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Spans, not paragraphs: a menu may hold only menu items and generic text. */}
        <Menu.Label>
          <Text component="span" display="block" size="sm" fw={600} c="var(--tf-ink)">
            {name}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed">
            {ROLE_LABELS[role]}
            {session.branch ? ` · ${session.branch.name}` : ''}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.changePassword}
          leftSection={<IconKey size={16} aria-hidden />}
        >
          Change password
        </Menu.Item>
        {can(role, 'twoFactor.use') && (
          <Menu.Item
            component={Link}
            to={paths.twoFactor}
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            {LABELS.twoFactor.title}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login) })}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
