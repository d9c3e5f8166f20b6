import { Grid, Paper, Stack, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { OrdersReport } from '../../../../shared/schemas/orders-report.schemas';
import { REPORT_TEXT } from '../components/report-text';
import { ORDERS_REPORT_TEXT as text } from './orders-report-text';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label} miw={0} h="100%">
      <Stack gap={2}>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <Text
          fz={{ base: 22, sm: 26 }}
          fw={750}
          lh={1.15}
          c="var(--tf-ink)"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Total orders and grand total revenue (the spec's summary), the items ordered, and what the
 * bills came to after discount (only without a product filter: a discount is a whole bill's).
 */
export function ReportSummary({ report }: { report: OrdersReport }) {
  const { summary } = report;
  // Counts side by side even on a phone; amounts get a whole row there, so they never break.
  const count = { base: 6, md: 3 };
  const amount = { base: 12, xs: 6, md: 3 };
  return (
    <Grid gap="sm">
      <Grid.Col span={count}>
        <Figure
          label={text.totalOrders}
          value={summary.orders.toLocaleString('en-IN')}
          detail={text.range(report.from, report.to)}
        />
      </Grid.Col>
      <Grid.Col span={count}>
        <Figure
          label={text.itemsOrdered}
          value={summary.items.toLocaleString('en-IN')}
          detail={text.linesCount(report.totalRows)}
        />
      </Grid.Col>
      <Grid.Col span={amount}>
        <Figure
          label={text.grandTotal}
          value={formatInr(summary.grandTotalPaise)}
          detail={text.grandTotalHint}
        />
      </Grid.Col>
      <Grid.Col span={amount}>
        <Figure
          label={text.net}
          value={summary.netPaise === null ? '—' : formatInr(summary.netPaise)}
          detail={
            summary.discountPaise === null
              ? text.netWithProduct
              : text.discountGiven(formatInr(summary.discountPaise))
          }
        />
      </Grid.Col>
      <Grid.Col span={amount}>
        <Figure
          label={REPORT_TEXT.netSales}
          value={summary.netSalesPaise === null ? '—' : formatInr(summary.netSalesPaise)}
          detail={summary.netSalesPaise === null ? text.netWithProduct : REPORT_TEXT.netSalesHint}
        />
      </Grid.Col>
      <Grid.Col span={amount}>
        <Figure
          label={REPORT_TEXT.tax}
          value={summary.taxPaise === null ? '—' : formatInr(summary.taxPaise)}
          detail={summary.taxPaise === null ? text.netWithProduct : REPORT_TEXT.taxHint}
        />
      </Grid.Col>
    </Grid>
  );
}
