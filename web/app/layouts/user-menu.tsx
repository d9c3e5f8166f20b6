import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceDesktop,
  IconKey,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { LABELS } from '../../../shared/messages';
import { ROLE_LABELS, can } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import { confirmAction } from '../../components/confirm';
import { useLogout } from '../../features/auth/api/logout';
import { useSetFixedDisplay } from '../../features/auth/api/fixed-display';
import { unsentSummary, useTapOutbox } from '../../features/tables/api/order-sync';
import { TABLE_TEXT } from '../../features/tables/table-text';
import { FIXED_DISPLAY_TEXT } from '../../features/auth/api/fixed-display';

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
  const queryClient = useQueryClient();
  const outbox = useTapOutbox();
  const fixedDisplay = useSetFixedDisplay();
  const { name, role } = session.user;
  const logOut = () => logout.mutate(undefined, { onSettled: () => navigate(paths.login) });
  // Taps not sent yet stay on the device for the branch's next sign-in: say so first.
  const askThenLogOut = () => {
    const { count, labels } = unsentSummary(queryClient, outbox);
    if (count === 0) return logOut();
    confirmAction({
      title: TABLE_TEXT.signOutTitle,
      message: TABLE_TEXT.signOutMessage(count, labels.join(', ')),
      confirmLabel: TABLE_TEXT.signOutAnyway,
      cancelLabel: TABLE_TEXT.stayHere,
      danger: true,
      onConfirm: logOut,
    });
  };
  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md">
      <Menu.Target>
        <UnstyledButton
          // Holds what it shows (initials, then name and role on wider screens), as voice control
          // and axe's label-content-name-mismatch ask.
          aria-label={`${initials(name)} ${name}, ${ROLE_LABELS[role]}: account menu`}
          className="tf-user-button"
          px={6}
          py={4}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {initials(name)}
            </Avatar>{' '}
            <div className="tf-user-name">
              <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
                {name}
              </Text>{' '}
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
        {can(role, 'kitchen.manage') && (
          <Menu.Item
            leftSection={<IconDeviceDesktop size={16} aria-hidden />}
            disabled={fixedDisplay.isPending}
            onClick={() => fixedDisplay.mutate(!session.fixedDisplay)}
          >
            {session.fixedDisplay ? FIXED_DISPLAY_TEXT.unmark : FIXED_DISPLAY_TEXT.mark}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={logout.isPending}
          onClick={askThenLogOut}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
