import { Badge, Button } from '@mantine/core';
import type { PaymentStatus } from '../../../../shared/constants';
import { PAYMENTS_TEXT as text } from './payments-text';

/** A payment status as a tag: light teal or orange behind dark ink (AA contrast). */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge
      color={status === 'Due' ? 'orange' : 'teal'}
      variant="light"
      radius="sm"
      tt="none"
      c="var(--tf-ink)"
    >
      {status}
    </Badge>
  );
}

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
  if (status !== 'Due') return <StatusBadge status={status} />;
  return (
    <Button
      size="compact-xs"
      variant="outline"
      onClick={onClick}
      loading={loading}
      aria-label={text.changeStatus(billNumber)}
    >
      {status}
    </Button>
  );
}
