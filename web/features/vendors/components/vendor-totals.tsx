import { Group, Stack, Text } from '@mantine/core';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { VendorTotals as Totals } from '../../../../shared/schemas/vendors.schemas';
import { VENDOR_TEXT } from '../vendor-text';

function Stat({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0} role="group" aria-label={label} miw={{ base: 0, sm: 160 }}>
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text
        fw={strong ? 750 : 600}
        c={strong ? 'var(--tf-ink)' : undefined}
        size="sm"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Stack>
  );
}

/**
 * A vendor's money at a glance: Total Payment (its stock prices), Amount Paid and what remains
 * (shown as paid ahead when the vendor was paid more than the stock cost).
 */
export function VendorTotals({ totals }: { totals: Totals }) {
  const ahead = totals.remainingPaise < 0;
  return (
    // Side by side; a stat that does not fit (a crore on a phone) moves to the next line whole.
    <Group gap="md" align="flex-start" wrap="wrap" style={{ rowGap: 8 }}>
      <Stat label={LABELS.vendor.totalPayment} value={formatInr(totals.totalPaise)} strong />
      <Stat label={LABELS.vendor.amountPaid} value={formatInr(totals.paidPaise)} />
      <Stat
        label={ahead ? VENDOR_TEXT.paidAhead : VENDOR_TEXT.remaining}
        value={formatInr(Math.abs(totals.remainingPaise))}
        strong={!ahead && totals.remainingPaise > 0}
      />
    </Group>
  );
}
