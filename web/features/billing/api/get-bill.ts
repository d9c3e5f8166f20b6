import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillPrint } from '../../../../shared/schemas/billing.schemas';
import { api } from '../../../lib/api';

export const billQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bills', id],
    queryFn: ({ signal }) => api<BillPrint>(`/bills/${encodeURIComponent(id)}`, { signal }),
  });

/** A bill with the branch's printing details. */
export function useBill(id: string) {
  return useQuery(billQueryOptions(id));
}
