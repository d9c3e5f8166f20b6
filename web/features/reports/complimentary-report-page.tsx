import { useState } from 'react';
import { Grid, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { addDays } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import {
  complimentaryReportQuerySchema,
  type ComplimentaryReport,
} from '../../../shared/schemas/complimentary.schemas';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton, TableSkeleton } from '../../components/skeletons';
import { useBranchToday } from '../../lib/use-branch-today';
import { useComplimentaryReport } from './api/complimentary-report';
import { groupRows, type NcGroup } from './complimentary/complimentary-groups';
import { NC_REPORT_TEXT as text } from './complimentary/complimentary-text';
import { checkDateRange } from './components/check-date-range';
import { DateRangeFilter, type DateRange } from './components/date-range-filter';
import { numeric, usePhoneLayout } from './components/report-layout';
import { RowItem, RowList, RowTable } from './components/report-rows';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label} miw={0} h="100%">
      <Stack gap={2}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <Text fz={{ base: 22, sm: 26 }} fw={750} lh={1.15} c="var(--tf-ink)" style={numeric}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Paper>
  );
}

function GroupCard({ title, groups }: { title: string; groups: NcGroup[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} miw={0}>
      <Title order={2} size="h5" mb={4}>
        {title}
      </Title>
      <RowList label={title}>
        {groups.map((group) => (
          <RowItem key={group.label} align="center" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {group.label}
              </Text>
              <Text size="xs" c="dimmed">
                {text.groupDetail(group.items, group.bills)}
              </Text>
            </Stack>
            <Text size="sm" fw={700} style={numeric}>
              {formatInr(group.valuePaise)}
            </Text>
          </RowItem>
        ))}
      </RowList>
    </Paper>
  );
}

const person = (name: string | null) => name ?? text.unknownPerson;

/** Every row: the phone's list, or the table from 768 px. */
function Rows({ report }: { report: ComplimentaryReport }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <RowList label={text.rows}>
        {report.rows.map((row, index) => (
          <RowItem key={index} align="flex-start" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {row.reason}
              </Text>
              <Text size="xs" c="dimmed">
                {person(row.by)} · {row.approvedBy ?? text.noApproval}
              </Text>
              <Text size="xs" c="dimmed">
                {text.groupDetail(row.items, row.bills)}
              </Text>
            </Stack>
            <Text size="sm" fw={700} style={numeric}>
              {formatInr(row.valuePaise)}
            </Text>
          </RowItem>
        ))}
      </RowList>
    );
  }
  const { columns } = text;
  return (
    <RowTable label={text.rows} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{columns.reason}</Table.Th>
          <Table.Th>{columns.by}</Table.Th>
          <Table.Th>{columns.approvedBy}</Table.Th>
          <Table.Th ta="right">{columns.items}</Table.Th>
          <Table.Th ta="right">{columns.bills}</Table.Th>
          <Table.Th ta="right">{columns.value}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.rows.map((row, index) => (
          <Table.Tr key={index}>
            <Table.Td>{row.reason}</Table.Td>
            <Table.Td>{person(row.by)}</Table.Td>
            <Table.Td>{row.approvedBy ?? text.noApproval}</Table.Td>
            <Table.Td ta="right" style={numeric}>
              {row.items}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {row.bills}
            </Table.Td>
            <Table.Td ta="right" style={numeric}>
              {formatInr(row.valuePaise)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>{text.total}</Table.Th>
          <Table.Th ta="right" style={numeric}>
            {report.items}
          </Table.Th>
          <Table.Th />
          <Table.Th ta="right" style={numeric}>
            {formatInr(report.valuePaise)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </RowTable>
  );
}

/**
 * /report/complimentary (manager): the complimentary items and staff meals on the bills paid
 * over From Date and To Date (the last 7 days at first), at menu prices: the totals, by reason,
 * by who gave and by who approved, and every row (docs/complimentary.md).
 */
export function ComplimentaryReportPage() {
  const today = useBranchToday();
  const [range, setRange] = useState<DateRange>(() => ({ from: addDays(today, -6), to: today }));
  const { data, errors } = checkDateRange(range, {}, complimentaryReportQuerySchema);
  const ready = Boolean(data?.from && data.to);
  const report = useComplimentaryReport(data?.from ?? '', data?.to ?? '', ready);

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={text.title}
        subtitle={report.data && text.range(report.data.from, report.data.to)}
      />
      <Paper withBorder radius="md" p="md">
        <DateRangeFilter
          from={range.from}
          to={range.to}
          onChange={(change) => setRange((before) => ({ ...before, ...change }))}
          today={today}
          errors={errors}
        >
          {null}
        </DateRangeFilter>
      </Paper>
      {report.isPending ? (
        <>
          <CardSkeleton label={text.loading} count={2} columns={2} />
          <TableSkeleton label={text.loading} rows={4} columns={6} />
        </>
      ) : report.isError ? (
        <QueryError
          title={text.loadFailed}
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <>
          <Grid gap="sm">
            <Grid.Col span={6}>
              <Figure
                label={text.items}
                value={report.data.items.toLocaleString('en-IN')}
                detail={text.range(report.data.from, report.data.to)}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <Figure
                label={text.valueTotal}
                value={formatInr(report.data.valuePaise)}
                detail={text.valueHint}
              />
            </Grid.Col>
          </Grid>
          {report.data.rows.length === 0 ? (
            <EmptyState icon={IconGift} message={text.empty} hint={text.emptyHint} />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                <GroupCard
                  title={text.byReason}
                  groups={groupRows(report.data.rows, (row) => row.reason)}
                />
                <GroupCard
                  title={text.byPerson}
                  groups={groupRows(report.data.rows, (row) => person(row.by))}
                />
                <GroupCard
                  title={text.byApprover}
                  groups={groupRows(report.data.rows, (row) => row.approvedBy ?? text.noApproval)}
                />
              </SimpleGrid>
              <Paper withBorder radius="md" p="md">
                <Title order={2} size="h5" mb="xs">
                  {text.rows}
                </Title>
                <Rows report={report.data} />
              </Paper>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
