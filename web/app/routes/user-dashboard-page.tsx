import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { navLinksFor } from '../../../shared/permissions';
import { useSession } from '../../lib/session';

/**
 * Where a signed-in branch user lands when they come back (/user-dashboard): the branch and
 * the places they may go. Sales, open tables, dues and low stock join it with their issues.
 */
export function UserDashboardPage() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {session.branch?.name ?? 'Your branch'}
        </Title>
        <Text c="dimmed">
          Branch code {session.branch?.code} · signed in as {session.user.name}
        </Text>
      </div>
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
