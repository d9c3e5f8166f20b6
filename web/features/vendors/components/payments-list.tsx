import { Group, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../shared/dates';
import { MESSAGES } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { VendorPayment } from '../../../../shared/schemas/vendors.schemas';
import { VENDOR_TEXT } from '../vendor-text';

/** The spec's comments: each payment's amount, who paid it and the date, newest first. */
export function PaymentsList({ payments }: { payments: VendorPayment[] }) {
  return (
    <Stack gap={6}>
      <Text fw={700} size="sm" c="var(--tf-ink)">
        {VENDOR_TEXT.comments}
      </Text>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.vendor.noComments}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          aria-label={VENDOR_TEXT.comments}
          style={{ listStyle: 'none' }}
        >
          {payments.map((payment) => (
            <Group
              key={payment.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--tf-line)' }}
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  Paid by {payment.paidBy}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDisplayDate(payment.paidOn)}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatInr(payment.amountPaise)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
