import { ColorSwatch, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatInr } from '../../../../shared/money';
import type { PaymentsReport } from '../../../../shared/schemas/payments-report.schemas';
import { REPORT_TEXT } from '../components/report-text';
import { METHOD_COLORS } from './method-colors';
import { PAYMENTS_TEXT as text } from './payments-text';

const amountStyle = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

function Figure({
  label,
  value,
  detail,
  color,
}: {
  label: string;
  value: string;
  detail: string;
  color?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={label} miw={0}>
      <Stack gap={2}>
        <Text size="sm" fw={600} c="dimmed" component="div">
          {color && (
            <ColorSwatch
              color={`var(--mantine-color-${color.replace('.', '-')})`}
              size={10}
              mr={6}
              component="span"
              display="inline-block"
              aria-hidden
            />
          )}
          {label}
        </Text>
        <Text fz={{ base: 18, sm: 22 }} fw={750} lh={1.15} c="var(--tf-ink)" style={amountStyle}>
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
 * The grand total and the totals per payment method (money as it came in; 'Due' what is still
 * owed): they add up to the grand total.
 */
export function MethodTotals({ report }: { report: PaymentsReport }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      component="section"
      aria-label={text.totalsLabel}
    >
      <Figure
        label={text.grandTotal}
        value={formatInr(report.totals.grandTotalPaise)}
        detail={`${text.bills(report.totals.bills)} · ${text.grandTotalHint}`}
      />
      <Figure
        label={REPORT_TEXT.netSales}
        value={formatInr(report.totals.netSalesPaise)}
        detail={REPORT_TEXT.netSalesHint}
      />
      <Figure
        label={REPORT_TEXT.tax}
        value={formatInr(report.totals.taxPaise)}
        detail={REPORT_TEXT.taxHint}
      />
      {report.totals.byMethod.map((total) => (
        <Figure
          key={total.method}
          label={total.method}
          value={formatInr(total.amountPaise)}
          detail={text.methodHint(total.method)}
          color={METHOD_COLORS[total.method]}
        />
      ))}
    </SimpleGrid>
  );
}
