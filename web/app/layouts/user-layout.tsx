import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { navLinksFor, ROLE_LABELS } from '../../../shared/permissions';
import { BrandMark } from '../../components/brand-mark';
import { NotAllowedPage } from '../../components/not-allowed-page';
import { paths } from '../../config/paths';
import { homeOf, useGuard } from '../guards';
import { SignOutButton } from './sign-out-button';

/** The spec's user sidebar: a greeting and the links the role may open, beside the screen. */
export function UserLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const guard = useGuard('branch');
  if (!guard.session) return guard.element;
  const { session, allowed } = guard;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <BrandMark />
          </Group>
          <Text size="sm" c="dimmed" truncate visibleFrom="xs">
            {session.branch?.name}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        <AppShell.Section px="sm" py="xs">
          <Title order={2} size="h4">
            Welcome {session.user.name}
          </Title>
          <Text size="xs" c="dimmed">
            {ROLE_LABELS[session.user.role]}
            {session.branch ? ` · ${session.branch.name}` : ''}
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          {navLinksFor(session.user.role).map((link) => (
            <NavLink
              key={link.path}
              component={RouterNavLink}
              to={link.path}
              label={link.label}
              active={pathname === link.path}
              onClick={close}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="xs" />
          <NavLink
            component={RouterNavLink}
            to={paths.changePassword}
            label="Change password"
            onClick={close}
          />
          <SignOutButton />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {allowed ? <Outlet /> : <NotAllowedPage homePath={homeOf(session)} />}
      </AppShell.Main>
    </AppShell>
  );
}
