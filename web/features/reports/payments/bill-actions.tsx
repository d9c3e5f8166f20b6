import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import type { BillStatus } from '../../../../shared/constants';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../../lib/session';
import { CANCEL_TEXT as text, openBillReprint } from './cancel-bill';
import type { BillToCancel } from './cancel-bill-modal';

/** May the signed-in user cancel bills (managers)? */
export function useCanCancelBills(): boolean {
  const session = useSession();
  return Boolean(session.data && can(session.data.user.role, 'bills.cancel'));
}

type Props = {
  bill: BillToCancel & { status: BillStatus };
  /** Cancel was chosen: open the cancel dialog for this bill. */
  onCancel: (bill: BillToCancel) => void;
  /** Buttons with words (the bill's panel) instead of icons (a list row). */
  withLabels?: boolean;
};

/**
 * A bill's Reprint (its printout marked DUPLICATE, in its own window) and, for managers and
 * while it is not cancelled, Cancel bill.
 */
export function BillActions({ bill, onCancel, withLabels = false }: Props) {
  const mayCancel = useCanCancelBills() && bill.status !== 'Cancelled';
  const reprint = () => openBillReprint(bill.id);
  const cancel = () => onCancel({ id: bill.id, number: bill.number });
  if (withLabels) {
    return (
      <Group gap="xs" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={reprint}
          aria-label={text.reprintBill(bill.number)}
        >
          {text.reprint}
        </Button>
        {mayCancel && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconReceiptOff size={16} aria-hidden />}
            onClick={cancel}
            aria-label={text.cancelBill(bill.number)}
          >
            {text.cancel}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={text.reprint}>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={reprint}
          aria-label={text.reprintBill(bill.number)}
        >
          <IconPrinter size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {mayCancel && (
        <Tooltip label={text.cancel}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={cancel}
            aria-label={text.cancelBill(bill.number)}
          >
            <IconReceiptOff size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
