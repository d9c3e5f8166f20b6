import {
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { AdminOverview as Overview } from '../../../shared/schemas/branches.schemas';
import { paths } from '../../config/paths';
import { useAdminOverview } from './api/get-admin-overview';
import { BRANCH_TEXT } from './branch-text';
import { BranchStatusBadge } from './components/branch-status-badge';
import { formatDisplayDate } from '../../../shared/dates';

const { overview: text } = BRANCH_TEXT;

const COUNTS: { key: keyof Overview['branches']; label: string; color: string }[] = [
  { key: 'total', label: text.total, color: 'dark' },
  { key: 'active', label: text.active, color: 'green.8' },
  { key: 'notActiveYet', label: text.notActiveYet, color: 'blue.8' },
  { key: 'expired', label: text.expired, color: 'red' },
  { key: 'deactivated', label: text.deactivated, color: 'gray.7' },
];

/** The super admin's dashboard: branches by status, and the plans that end within a week. */
export function AdminOverview() {
  const overview = useAdminOverview();
  if (overview.isError) {
    return (
      <Alert color="red" title={text.loadFailed}>
        {overview.error.message}
      </Alert>
    );
  }
  const data = overview.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {COUNTS.map(({ key, label, color }) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {data ? (
              <Text fz={28} fw={700} c={color} lh={1.2}>
                {data.branches[key]}
              </Text>
            ) : (
              <Skeleton h={34} w={48} mt={2} />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {text.endingSoon}
        </Title>
        {!data ? (
          <Skeleton h={48} />
        ) : data.endingSoon.length === 0 ? (
          <Text c="dimmed" size="sm">
            {text.noneEnding}
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.endingSoon.map((branch) => (
              <Group
                key={branch.id}
                component="li"
                justify="space-between"
                gap="xs"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`${paths.branches}?search=${encodeURIComponent(branch.code)}`}
                    fw={600}
                  >
                    {branch.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {branch.code} · {branch.ownerName} ·{' '}
                    {text.endsOn(formatDisplayDate(branch.deactiveDate))}
                  </Text>
                </div>
                <BranchStatusBadge status={branch.status} />
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
