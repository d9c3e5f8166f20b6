import { AppShell, Burger, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../../config/paths';
import { useGuard } from '../guards';
import { SignOutButton } from './sign-out-button';

const ADMIN_LINKS = [
  { label: 'Dashboard', path: paths.adminDashboard },
  { label: 'Add A Branch', path: paths.admin },
  { label: 'Branches', path: paths.branches },
  { label: 'Change password', path: paths.changePassword },
];

/** The super admin's area: dashboard, add a branch, the branch list. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const guard = useGuard('admin');
  if (!guard.session) return guard.element;

  const links = ADMIN_LINKS.map((link) => (
    <NavLink
      key={link.path}
      component={RouterNavLink}
      to={link.path}
      label={link.label}
      active={pathname === link.path}
      onClick={close}
    />
  ));
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
          />
          <BrandMark />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin">
        <Stack gap={0} style={{ flex: 1 }}>
          {links}
        </Stack>
        <SignOutButton />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
