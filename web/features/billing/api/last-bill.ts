import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastBill } from '../../../../shared/schemas/billing.schemas';
import { api } from '../../../lib/api';

/** The table's most recent bill (null if none), read fresh each time it is asked. */
export const lastBillQueryOptions = (tableId: string) =>
  queryOptions({
    queryKey: ['bills', 'last-of-table', tableId],
    queryFn: ({ signal }) =>
      api<LastBill>(`/tables/${encodeURIComponent(tableId)}/last-bill`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** Asked only while `enabled`: the order the payment modal showed has emptied under it. */
export function useLastBill(tableId: string, enabled: boolean) {
  return useQuery({ ...lastBillQueryOptions(tableId), enabled });
}
