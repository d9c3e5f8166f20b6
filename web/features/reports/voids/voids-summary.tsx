import { Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { VoidsReport } from '../../../../shared/schemas/voids.schemas';
import { numeric } from '../components/report-layout';
import { RowItem, RowList } from '../components/report-rows';
import { VOIDS_TEXT as text } from './voids-text';

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

/** The range's voids, items and value. */
export function VoidsSummary({ report }: { report: VoidsReport }) {
  const { totals } = report;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Figure
          label={text.voids}
          value={totals.voids.toLocaleString('en-IN')}
          detail={text.range(report.from, report.to)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Figure
          label={text.items}
          value={totals.quantity.toLocaleString('en-IN')}
          detail={text.itemsOn(totals.voids)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Figure label={text.value} value={formatInr(totals.valuePaise)} detail={text.valueHint} />
      </Grid.Col>
    </Grid>
  );
}

interface Group {
  key: string;
  label: string;
  voids: number;
  quantity: number;
  valuePaise: number;
}

/** One grouping of the range's voids (by day, reason, who asked, who approved). */
function GroupCard({ title, groups }: { title: string; groups: Group[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} miw={0}>
      <Title order={2} size="h5" mb={4}>
        {title}
      </Title>
      <RowList label={title}>
        {groups.map((group) => (
          <RowItem key={group.key} align="center" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {group.label}
              </Text>
              <Text size="xs" c="dimmed">
                {text.groupDetail(group.voids, group.quantity)}
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

/** The voids by reason, by who asked, by who approved and by day. */
export function VoidsGroups({ report }: { report: VoidsReport }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <GroupCard
        title={text.byReason}
        groups={report.byReason.map((g) => ({ ...g, key: g.reason, label: g.reason }))}
      />
      <GroupCard
        title={text.byRequester}
        groups={report.byRequester.map((g) => ({ ...g, key: g.name, label: g.name }))}
      />
      <GroupCard
        title={text.byApprover}
        groups={report.byApprover.map((g) => ({ ...g, key: g.name, label: g.name }))}
      />
      <GroupCard
        title={text.byDay}
        groups={report.byDay.map((g) => ({ ...g, key: g.date, label: formatDisplayDate(g.date) }))}
      />
    </SimpleGrid>
  );
}
