import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuesSettleMethod } from '../../../../shared/constants';
import type { Bill } from '../../../../shared/schemas/billing.schemas';
import type { DuesReport } from '../../../../shared/schemas/payments-report.schemas';
import { api } from '../../../lib/api';
import { currentShiftId } from '../../../lib/current-shift';
import { onBranchEvent } from '../../../lib/live-events';
import { reportQueryString } from './orders-report';

/** Query keys of the dues report and of a bill's Associated Orders panel. */
export const duesKeys = {
  all: ['reports', 'dues'] as const,
  page: (search: string, page: number, pageSize: number) =>
    [...duesKeys.all, 'list', search, page, pageSize] as const,
};
export const billKeys = {
  associatedOrders: (id: string) => ['reports', 'bill', id, 'associated-orders'] as const,
};

// A bill paid as Due, or a due settled, on any device of the branch changes the list.
onBranchEvent('bill.paid', () => [duesKeys.all]);
onBranchEvent('bill.settled', (event) => [duesKeys.all, billKeys.associatedOrders(event.billId)]);

/**
 * A page of the Due bills matching `search` (table, method, responsible), with the total and
 * groups of all of them; the previous answer stays on screen while the next loads.
 */
export function useDues(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: duesKeys.page(search, page, pageSize),
    queryFn: ({ signal }) =>
      api<DuesReport>(`/reports/dues?${reportQueryString({ search, page, pageSize })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Settles a Due bill with a method (the dues popup's Confirm, the payment report's Yes); a bill
 * no longer Due comes back unchanged. Every report refreshes after it.
 */
export const settleBill = ({ id, method }: { id: string; method: DuesSettleMethod }) =>
  api<Bill>(`/bills/${encodeURIComponent(id)}/settlement`, {
    method: 'POST',
    body: { method, shiftId: currentShiftId() },
  });

export function useSettleBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleBill,
    onSuccess: (bill) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: billKeys.associatedOrders(bill.id) }),
      ]),
  });
}
