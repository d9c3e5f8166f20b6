import type { ReactNode } from 'react';
import { AppShell, Burger, Divider, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../../config/paths';
import { SignOutButton } from './sign-out-button';

/**
 * The signed-in frame: a header with the brand and a sidebar (a drawer on phones) with the
 * area's links, then Change password and Log out.
 */
export function AppFrame({
  navLabel,
  links,
  navTop,
  headerRight,
  children,
}: {
  navLabel: string;
  links: readonly { label: string; path: string }[];
  navTop?: ReactNode;
  headerRight?: ReactNode;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const link = (label: string, path: string) => (
    <NavLink
      key={path}
      component={RouterNavLink}
      to={path}
      label={label}
      active={pathname === path}
      onClick={close}
    />
  );
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
          {headerRight}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={navLabel}>
        {navTop && <AppShell.Section>{navTop}</AppShell.Section>}
        <AppShell.Section grow component={ScrollArea}>
          {links.map((l) => link(l.label, l.path))}
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="xs" />
          {link('Change password', paths.changePassword)}
          <SignOutButton />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
