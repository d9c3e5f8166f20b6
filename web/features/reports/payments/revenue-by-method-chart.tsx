import { DonutChart } from '@mantine/charts';
import { Center, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { PaymentsReport } from '../../../../shared/schemas/payments-report.schemas';
import { ChartCard } from '../charts/chart-card';
import { tooltipInr } from '../charts/chart-format';
import { METHOD_COLORS } from './method-colors';
import { PAYMENTS_TEXT as text } from './payments-text';

/**
 * Revenue by payment method as a ring (the totals' cards above are its legend, in the same
 * colours), the grand total in its middle. Methods with nothing are left out of the ring.
 */
export function RevenueByMethodChart({ totals }: { totals: PaymentsReport['totals'] }) {
  const data = totals.byMethod
    .filter((total) => total.amountPaise > 0)
    .map((total) => ({
      name: total.method,
      value: total.amountPaise,
      color: METHOD_COLORS[total.method],
    }));
  return (
    <ChartCard
      title={text.revenueByMethod}
      hint={text.revenueByMethodHint}
      table={{
        columns: [text.method, text.amount],
        rows: totals.byMethod.map((total) => [total.method, formatInr(total.amountPaise)]),
      }}
    >
      <Center>
        {data.length > 0 ? (
          <DonutChart
            data={data}
            size={200}
            thickness={30}
            valueFormatter={tooltipInr}
            chartLabel={formatInr(totals.grandTotalPaise)}
            tooltipDataSource="segment"
            withLabelsLine={false}
            paddingAngle={2}
            // The ring is hidden from screen readers (its numbers are the card's table): nothing
            // in it may take the keyboard's focus either.
            pieChartProps={{ accessibilityLayer: false }}
            pieProps={{ rootTabIndex: -1 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {formatInr(0)}
          </Text>
        )}
      </Center>
    </ChartCard>
  );
}
