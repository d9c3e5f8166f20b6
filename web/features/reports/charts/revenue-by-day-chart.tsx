import { AreaChart, BarChart } from '@mantine/charts';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatInr } from '../../../../shared/money';
import type { ReportCharts } from '../../../../shared/schemas/orders-report.schemas';
import { ChartCard } from './chart-card';
import { axisInrFor, dayMonth, tooltipInr } from './chart-format';
import { CHART_TEXT } from './chart-text';

/** Up to a month shows a bar per day; longer ranges a filled line. */
const MAX_BARS = 31;

/** Revenue (before discount) of every day of the range, days without bills as 0. */
export function RevenueByDayChart({ days }: { days: ReportCharts['revenueByDay'] }) {
  const data = days.map((day) => ({ day: dayMonth(day.date), revenue: day.revenuePaise }));
  const axisInr = axisInrFor(Math.max(0, ...data.map((row) => row.revenue)));
  const common = {
    h: 220,
    data,
    dataKey: 'day',
    series: [{ name: 'revenue', label: CHART_TEXT.revenue, color: 'brand.7' }],
    valueFormatter: tooltipInr,
    yAxisProps: { tickFormatter: axisInr, width: 64 },
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 12 },
    tickLine: 'y' as const,
    gridAxis: 'x' as const,
    // Drawn inside an aria-hidden frame beside its table: no keyboard stop in it.
    accessibilityLayer: false,
  };
  return (
    <ChartCard
      title={CHART_TEXT.revenueByDay}
      hint={CHART_TEXT.revenueByDayHint}
      table={{
        columns: [CHART_TEXT.day, CHART_TEXT.revenue],
        rows: days.map((day) => [formatDisplayDate(day.date), formatInr(day.revenuePaise)]),
      }}
    >
      {days.length <= MAX_BARS ? (
        <BarChart {...common} maxBarWidth={28} />
      ) : (
        <AreaChart {...common} curveType="monotone" withDots={false} />
      )}
    </ChartCard>
  );
}
