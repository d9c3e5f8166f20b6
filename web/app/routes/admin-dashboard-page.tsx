import { Stack, Text, Title } from '@mantine/core';
import { AdminOverview } from '../../features/branches/admin-overview';
import { DemoRequestsList } from '../../features/demo-requests/demo-requests-list';

// Mantine's dimmed grey is below AA contrast for small text (see features/branches/readable.ts).

/** /admin-dashboard: where a super admin lands when they come back. */
export function AdminDashboardPage() {
  return (
    <Stack gap="xl" maw={1200}>
      <div>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed">Branches by plan status, plans ending soon and new demo requests.</Text>
      </div>
      <AdminOverview />
      <DemoRequestsList />
    </Stack>
  );
}
