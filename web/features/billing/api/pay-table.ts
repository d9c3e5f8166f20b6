import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bill } from '../../../../shared/schemas/billing.schemas';
import { api } from '../../../lib/api';
import { currentShiftId } from '../../../lib/current-shift';
import type { PaymentRequest } from '../payment-form';

export const payTable = ({ tableId, body }: { tableId: string; body: PaymentRequest }) =>
  api<Bill>(`/tables/${encodeURIComponent(tableId)}/payments`, {
    method: 'POST',
    // Cash goes into this device's drawer shift (docs/cash.md).
    body: { ...body, shiftId: currentShiftId() },
  });

/** Pays a table's order; the tables and the stock they used are read again afterwards. */
export function usePayTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payTable,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tables'] }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
      ]),
  });
}
