import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from '../../lib/router';
import { formatDisplayDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { planName } from '../../../shared/plans';
import type { AdminOverview as Overview } from '../../../shared/schemas/dashboard.schemas';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useAdminOverview } from './api/get-admin-overview';
import { BRANCH_TEXT } from './branch-text';
import { BranchStatusBadge } from './components/branch-status-badge';

const { overview: text } = BRANCH_TEXT;

const COUNTS: { key: keyof Overview['branches']; label: string; color: string }[] = [
  { key: 'total', label: text.total, color: 'dark' },
  { key: 'active', label: text.active, color: 'green.8' },
  { key: 'notActiveYet', label: text.notActiveYet, color: 'blue.8' },
  { key: 'expired', label: text.expired, color: 'red' },
  { key: 'deactivated', label: text.deactivated, color: 'gray.7' },
];

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** '2026-11-16' as '16 Nov' (the year is the chart's own). */
const dayMonth = (date: string) => formatDisplayDate(date).split(' ').slice(0, 2).join(' ');

/**
 * The super admin's dashboard: the platform's own figures. Branches by plan state, renewals due
 * in 7 and 30 days, the annual run rate of active plans, demo requests per week.
 */
export function AdminOverview() {
  const overview = useAdminOverview();
  if (overview.isPending) return <CardSkeleton label={text.loading} count={4} columns={4} />;
  if (overview.isError) {
    return (
      <QueryError
        title={text.loadFailed}
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
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
            <Text fz={28} fw={700} c={color} lh={1.2}>
              {data.branches[key]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Renewals renewals={data.renewals} />
        <PlanRevenue revenue={data.planRevenue} />
      </SimpleGrid>
      <DemoRequestsByWeek weeks={data.demoRequestsByWeek} />
    </Stack>
  );
}

function Renewals({ renewals }: { renewals: Overview['renewals'] }) {
  const windows = [
    { days: 7, figures: renewals.within7Days },
    { days: 30, figures: renewals.within30Days },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="renewals-title">
      <Title order={2} size="h4" mb="sm" id="renewals-title">
        {text.renewals}
      </Title>
      <SimpleGrid cols={2} spacing="sm" mb="md">
        {windows.map(({ days, figures }) => (
          <div key={days}>
            <Text size="sm" c="dimmed">
              {text.within(days)}
            </Text>
            <Text fz={28} fw={700} lh={1.2} c={days === 7 ? 'orange.9' : undefined}>
              {figures.count}
            </Text>
            <Text size="sm">
              {text.branches(figures.count)} · {formatInr(figures.amountPaise)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text fw={600} size="sm" mb={4}>
        {text.renewalList}
      </Text>
      {renewals.branches.length === 0 ? (
        <Text c="dimmed" size="sm">
          {text.noneEnding}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {renewals.branches.map((branch) => (
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
                  {branch.code} · {planName(branch.plan)} ·{' '}
                  {text.endsOn(formatDisplayDate(branch.deactiveDate))}
                </Text>
              </div>
              <BranchStatusBadge status={branch.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function PlanRevenue({ revenue }: { revenue: Overview['planRevenue'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="revenue-title">
      <Title order={2} size="h4" mb="sm" id="revenue-title">
        {text.planRevenue}
      </Title>
      <Text size="sm" c="dimmed">
        {text.runRate}
      </Text>
      <Text fz={28} fw={700} lh={1.2} style={numeric}>
        {formatInr(revenue.annualRunRatePaise)}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {text.runRateHint}
      </Text>
      <Table verticalSpacing={6} aria-label={text.planRevenue}>
        <Table.Tbody>
          {revenue.byPlan.map((row) => (
            <Table.Tr key={row.plan ?? 'custom'}>
              <Table.Td pl={0}>{text.planBranches(planName(row.plan), row.branches)}</Table.Td>
              <Table.Td ta="right" pr={0} style={numeric}>
                {formatInr(row.annualRunRatePaise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {revenue.withoutAmount > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          {text.withoutAmount(revenue.withoutAmount)}
        </Text>
      )}
    </Paper>
  );
}

function DemoRequestsByWeek({ weeks }: { weeks: Overview['demoRequestsByWeek'] }) {
  const data = weeks.map((week) => ({ week: dayMonth(week.weekStart), requests: week.count }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="demo-weeks-title">
      <Title order={2} size="h4" id="demo-weeks-title">
        {text.demoRequests}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {text.demoRequestsHint(weeks.length)}
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          series={[{ name: 'requests', label: text.requests, color: 'brand.7' }]}
          yAxisProps={{ allowDecimals: false }}
          // The counts are written on the bars and in the table below: no keyboard stop here.
          withBarValueLabel
          accessibilityLayer={false}
          xAxisProps={{ interval: 'preserveStartEnd' }}
        />
      </div>
      {/* The chart's numbers for screen readers. */}
      <VisuallyHidden>
        <table>
          <caption>{text.demoRequests}</caption>
          <thead>
            <tr>
              <th>{text.weekOf}</th>
              <th>{text.requests}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{formatDisplayDate(week.weekStart)}</td>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
