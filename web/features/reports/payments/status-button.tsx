import { Badge, Button } from '@mantine/core';
import type { PaymentStatus } from '../../../../shared/constants';
import { PAYMENTS_TEXT as text } from './payments-text';

/**
 * A bill's payment status: 'Due' is a button (settling it is the next step), 'Settled' a plain
 * badge (the spec: other statuses are left unchanged, so there is nothing to click).
 */
export function StatusButton({
  status,
  billNumber,
  onClick,
  loading = false,
}: {
  status: PaymentStatus;
  billNumber: string;
  onClick: () => void;
  loading?: boolean;
}) {
  if (status !== 'Due') {
    return (
      <Badge color="teal" variant="light" radius="sm" tt="none">
        {status}
      </Badge>
    );
  }
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="orange"
      // The light variant's orange text is too pale for small text: the darkest shade passes AA.
      styles={{ label: { color: 'var(--mantine-color-orange-9)' } }}
      onClick={onClick}
      loading={loading}
      aria-label={text.changeStatus(billNumber)}
    >
      {status}
    </Button>
  );
}
