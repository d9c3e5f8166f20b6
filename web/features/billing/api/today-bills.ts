import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TodayBills } from '../../../../shared/schemas/bill-print.schemas';
import { api } from '../../../lib/api';

/** The branch's bills of today, newest first (the billing screen's reprint list). */
export const todayBillsQueryOptions = () =>
  queryOptions({
    queryKey: ['bills', 'today'],
    queryFn: ({ signal }) => api<TodayBills>('/bills/today', { signal }),
    staleTime: 0,
  });

/** Asked only while `enabled` (the list is open). */
export function useTodayBills(enabled: boolean) {
  return useQuery({ ...todayBillsQueryOptions(), enabled });
}
