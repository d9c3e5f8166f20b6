import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { AdminOverview } from '../../features/branches/admin-overview';
import { DemoRequestsList } from '../../features/demo-requests/demo-requests-list';

/** /admin-dashboard: where a super admin lands when they come back. The platform's figures only. */
export function AdminDashboardPage() {
  return (
    <Stack gap="xl" maw={1200}>
      <PageHeader
        title="Dashboard"
        subtitle="Branches by plan status, renewals due, plan revenue and demo requests."
      />
      <AdminOverview />
      <DemoRequestsList />
    </Stack>
  );
}
