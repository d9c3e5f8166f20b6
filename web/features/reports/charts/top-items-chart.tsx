import '@mantine/charts/styles.css';
import { BarsList } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { TopItem } from '../../../../shared/schemas/orders-report.schemas';
import { CHART_TEXT } from './chart-text';

/**
 * The most ordered items as bars of their quantity, each with the revenue of its lines under it;
 * a list, so screen readers read it as one.
 */
export function TopItemsChart({ items }: { items: TopItem[] }) {
  const revenue = new Map(items.map((item) => [item.name, item.revenuePaise]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="top-items-title">
      <Title order={2} size="h4" id="top-items-title">
        {CHART_TEXT.topItems}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {CHART_TEXT.topItemsHint}
      </Text>
      <BarsList
        role="list"
        data={items.map((item) => ({ name: item.name, value: item.quantity }))}
        barsLabel={CHART_TEXT.item}
        valueLabel={CHART_TEXT.sold}
        valueFormatter={CHART_TEXT.quantity}
        barColor="brand"
        barHeight={30}
        minBarSize={4}
        renderBar={(item, bar) => (
          <Stack gap={2} role="listitem">
            {bar}
            <Text size="xs" c="dimmed" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatInr(revenue.get(item.name) ?? 0)}
            </Text>
          </Stack>
        )}
      />
    </Paper>
  );
}
