import { Badge, Button } from '@mantine/core';
import type { BillStatus } from '../../../../shared/constants';
import { PAYMENTS_TEXT as text } from './payments-text';

const STATUS_COLOR: Record<BillStatus, string> = {
  Settled: 'teal',
  Due: 'orange',
  Cancelled: 'gray',
};

/** A bill's status as a tag: light teal, orange or grey behind dark ink (AA contrast). */
export function StatusBadge({ status }: { status: BillStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" tt="none" c="var(--tf-ink)">
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
  status: BillStatus;
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
