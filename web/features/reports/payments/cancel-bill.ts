import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILL_PRINT_WINDOW } from '../../../../shared/constants';
import type { Bill } from '../../../../shared/schemas/billing.schemas';
import type { CancelBillBody } from '../../../../shared/schemas/cancel.schemas';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { currentShiftId } from '../../../lib/current-shift';
import { onBranchEvent } from '../../../lib/live-events';
import { billKeys, duesKeys } from '../api/dues';
import { paymentsReportKeys } from '../api/payments-report';

/** Words of cancelling and reprinting a bill (docs/gst.md, "Cancelling a bill"). */
export const CANCEL_TEXT = {
  cancel: 'Cancel bill',
  cancelBill: (number: string) => `Cancel bill ${number}`,
  reprint: 'Reprint',
  reprintBill: (number: string) => `Reprint bill ${number}`,
  title: (number: string) => `Cancel bill ${number}`,
  explain:
    'The bill keeps its number and is marked Cancelled. Its money is refunded by the methods it came in by, its ingredients go back to stock and it leaves the sales figures.',
  reason: 'Reason',
  other: 'Other (type a reason)',
  typed: 'Type the reason',
  keep: 'Keep bill',
  confirm: 'Cancel bill',
  done: (number: string) => `Bill ${number} cancelled.`,
  failed: 'The bill could not be cancelled',
  chooseReason: 'Choose a reason',
  cancelled: (reason: string) => `Cancelled: ${reason}`,
} as const;

// A bill cancelled on any device of the branch leaves the reports' figures and the dues.
onBranchEvent('bill.cancelled', (event) => [
  paymentsReportKeys.all,
  duesKeys.all,
  billKeys.associatedOrders(event.billId),
]);

export const cancelBill = ({ id, reason }: { id: string } & CancelBillBody) =>
  api<Bill>(`/bills/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: { reason, shiftId: currentShiftId() },
  });

/** Cancels a bill (managers); every report and the bill's panel refresh after it. */
export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBill,
    onSuccess: (bill) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: billKeys.associatedOrders(bill.id) }),
      ]),
  });
}

/** Opens a bill's printout marked DUPLICATE in its own window (as the payment's print does). */
export function openBillReprint(billId: string) {
  const { width, height } = BILL_PRINT_WINDOW;
  window.open(
    paths.billPrint(billId, 'duplicate'),
    `tf-bill-${billId}`,
    `popup,width=${width},height=${height}`,
  );
}
