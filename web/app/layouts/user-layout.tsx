import { Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { navLinksFor, ROLE_LABELS } from '../../../shared/permissions';
import { NotAllowedPage } from '../../components/not-allowed-page';
import { homeOf, useGuard } from '../guards';
import { AppFrame } from './app-frame';

/** The spec's user sidebar: a greeting and the links the role may open, beside the screen. */
export function UserLayout() {
  const guard = useGuard('branch');
  if (!guard.session) return guard.element;
  const { session, allowed } = guard;
  return (
    <AppFrame
      navLabel="Main"
      links={navLinksFor(session.user.role)}
      headerRight={
        <Text size="sm" c="dimmed" truncate visibleFrom="xs">
          {session.branch?.name}
        </Text>
      }
      navTop={
        <div style={{ padding: '4px 12px 8px' }}>
          <Title order={2} size="h4">
            Welcome {session.user.name}
          </Title>
          <Text size="xs" c="dimmed">
            {ROLE_LABELS[session.user.role]}
            {session.branch ? ` · ${session.branch.name}` : ''}
          </Text>
        </div>
      }
    >
      {allowed ? <Outlet /> : <NotAllowedPage homePath={homeOf(session)} />}
    </AppFrame>
  );
}
