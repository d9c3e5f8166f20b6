import { Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '../../lib/router';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { navLinksFor } from '../../../shared/nav-links';
import { can } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { PageHeader } from '../../components/page-header';
import { BranchOverview } from '../../features/dashboard/branch-overview';
import { useSession } from '../../lib/session';

/**
 * /user-dashboard: a manager's branch overview (first in the sidebar), and for staff, who may
 * not see sales, the branch and the places they may go. Login still lands on Billing (spec).
 */
export function UserDashboardPage() {
  const { data: session } = useSession();
  if (!session) return null;
  const name = session.branch?.name ?? 'Your branch';
  if (can(session.user.role, 'overview.view')) {
    return (
      <BranchOverview branch={{ name, timeZone: session.branch?.timeZone ?? DEFAULT_TIME_ZONE }} />
    );
  }
  return <StartPage session={session} name={name} />;
}

function StartPage({ session, name }: { session: Session; name: string }) {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={name}
        subtitle={`Branch code ${session.branch?.code} · signed in as ${session.user.name}`}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {navLinksFor(session.user.role).map((link) => (
          <UnstyledButton key={link.path} component={Link} to={link.path}>
            <Card withBorder padding="lg" radius="md" h="100%">
              <Text fw={600}>{link.label}</Text>
              <Text size="sm" c="dimmed">
                Open {link.label.toLowerCase()}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
