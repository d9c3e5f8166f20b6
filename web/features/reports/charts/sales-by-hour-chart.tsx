import { BarChart } from '@mantine/charts';
import { formatInr } from '../../../../shared/money';
import type { ReportCharts } from '../../../../shared/schemas/orders-report.schemas';
import { ChartCard } from './chart-card';
import { axisInrFor, hourLabel, tooltipInr } from './chart-format';
import { CHART_TEXT } from './chart-text';

/** Revenue by hour of the day on the branch's clock (0–23), over the whole range. */
export function SalesByHourChart({ hours }: { hours: ReportCharts['salesByHour'] }) {
  const data = hours.map((hour) => ({ hour: hourLabel(hour.hour), revenue: hour.revenuePaise }));
  const axisInr = axisInrFor(Math.max(0, ...data.map((row) => row.revenue)));
  return (
    <ChartCard
      title={CHART_TEXT.salesByHour}
      hint={CHART_TEXT.salesByHourHint}
      table={{
        columns: [CHART_TEXT.hour, CHART_TEXT.revenue],
        rows: hours.map((hour) => [
          `${hourLabel(hour.hour)} (${CHART_TEXT.orders(hour.orders)})`,
          formatInr(hour.revenuePaise),
        ]),
      }}
    >
      <BarChart
        h={220}
        data={data}
        dataKey="hour"
        series={[{ name: 'revenue', label: CHART_TEXT.revenue, color: 'brand.7' }]}
        valueFormatter={tooltipInr}
        yAxisProps={{ tickFormatter: axisInr, width: 64 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        tickLine="y"
        gridAxis="x"
        // Drawn inside an aria-hidden frame beside its table: no keyboard stop in it.
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
