import type { ReactNode } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ROLE_LABELS } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { startPage } from '../../../shared/start-page';
import { BrandMark } from '../../components/brand-mark';
import { NotConnectedOverlay, useServerLost } from '../../components/not-connected-overlay';
import { OfflineBanner } from '../../features/tables/components/offline-banner';
import { navItemsFor } from './nav-items';
import { UserMenu } from './user-menu';
import { useBelow } from '../../lib/use-below';

/** A link is active on its own screen and on the screens under it (/vendor/… under Vendors). */
const isActive = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/**
 * The signed-in frame of every role: a header with the logo (a link to the role's start page),
 * the branch and the account menu; a sidebar of the role's links, each with an icon, which is a
 * drawer on phones and upright tablets (its links are out of the tab order while it is closed).
 * The kitchen account, whose one screen is the kitchen display, gets the header alone.
 */
export function AppFrame({ session, children }: { session: Session; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  // Below Mantine's md (992 px: phones and tablets held upright) the sidebar is a drawer.
  const drawer = useBelow('md');
  const { pathname } = useLocation();
  const admin = session.user.role === 'super_admin';
  const hidden = drawer && !opened;
  const bare = session.user.role === 'kitchen';
  // Escape closes the open drawer, wherever the focus is.
  useHotkeys([['Escape', close]]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        bare
          ? undefined
          : { width: { md: 232, lg: 256 }, breakpoint: 'md', collapsed: { mobile: !opened } }
      }
      padding={{ base: 'md', md: 'lg' }}
      className="tf-app"
    >
      <AppShell.Header className="tf-header">
        <Group h="100%" px={{ base: 'sm', md: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {!bare && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={opened}
                aria-controls="tf-navbar"
              />
            )}
            <Link to={startPage(session.user, 'home')} className="tf-logo-link" onClick={close}>
              <BrandMark />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {session.branch && (
              <Text size="sm" fw={600} c="var(--tf-muted)" truncate maw={220} visibleFrom="sm">
                {session.branch.name}
              </Text>
            )}
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      {!bare && (
        <AppShell.Navbar
          id="tf-navbar"
          p="sm"
          aria-label={admin ? 'Admin' : 'Main'}
          className="tf-navbar"
          inert={hidden}
          aria-hidden={hidden || undefined}
        >
          <AppShell.Section px="sm" pt={4} pb="sm">
            <Title order={2} size="h5" c="var(--tf-ink)">
              Welcome {session.user.name}
            </Title>
            <Text size="xs" c="dimmed">
              {ROLE_LABELS[session.user.role]}
              {session.branch ? ` · ${session.branch.name}` : ''}
            </Text>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea}>
            {navItemsFor(session.user.role).map(({ label, path, icon: Icon }) => {
              const active = isActive(pathname, path);
              return (
                <NavLink
                  key={path}
                  component={RouterNavLink}
                  to={path}
                  label={label}
                  leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  className="tf-nav-link"
                  onClick={close}
                />
              );
            })}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main className="tf-main">
        {/* The kitchen display says itself when it is reconnecting; it keeps no taps. */}
        {session.branch && !bare && <OfflineBanner />}
        {session.fixedDisplay && !bare && <FixedDisplayConnection />}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

/** A fixed display says plainly, over its whole screen, when it cannot reach the server. */
function FixedDisplayConnection() {
  return useServerLost() ? <NotConnectedOverlay /> : null;
}
