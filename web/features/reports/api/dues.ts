import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuesSettleMethod } from '../../../../shared/constants';
import type { Bill } from '../../../../shared/schemas/billing.schemas';
import type { DuesReport } from '../../../../shared/schemas/payments-report.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';

/** Query keys of the dues report and of a bill's Associated Orders panel. */
export const duesKeys = {
  all: ['reports', 'dues'] as const,
  list: (search: string) => [...duesKeys.all, 'list', search] as const,
};
export const billKeys = {
  associatedOrders: (id: string) => ['reports', 'bill', id, 'associated-orders'] as const,
};

// A bill paid as Due, or a due settled, on any device of the branch changes the list.
onBranchEvent('bill.paid', () => [duesKeys.all]);
onBranchEvent('bill.settled', (event) => [duesKeys.all, billKeys.associatedOrders(event.billId)]);

/** The Due bills matching `search` (table, method, responsible), their total and groups. */
export function useDues(search: string) {
  return useQuery({
    queryKey: duesKeys.list(search),
    queryFn: ({ signal }) =>
      api<DuesReport>(`/reports/dues${search ? `?${new URLSearchParams({ search })}` : ''}`, {
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
  api<Bill>(`/bills/${encodeURIComponent(id)}/settlement`, { method: 'POST', body: { method } });

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
