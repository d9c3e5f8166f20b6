import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BranchOverview } from '../../../../shared/schemas/dashboard.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';

export const branchOverviewQueryKey = ['dashboard', 'overview'] as const;

/** "By this time last week" moves with the clock: refetched every minute even without events. */
const REFRESH_MS = 60_000;

export const branchOverviewQueryOptions = queryOptions({
  queryKey: branchOverviewQueryKey,
  queryFn: ({ signal }) => api<BranchOverview>('/dashboard', { signal }),
  refetchInterval: REFRESH_MS,
});

/** The branch overview: today's sales, open tables, dues, low stock, vendors owed, top items. */
export function useBranchOverview() {
  return useQuery(branchOverviewQueryOptions);
}

// Another device took an order, billed a table, settled a due, cancelled a bill or moved
// stock: the figures are stale.
onBranchEvent('table.changed', () => [branchOverviewQueryKey]);
onBranchEvent('bill.paid', () => [branchOverviewQueryKey]);
onBranchEvent('bill.settled', () => [branchOverviewQueryKey]);
onBranchEvent('bill.cancelled', () => [branchOverviewQueryKey]);
onBranchEvent('stock.changed', () => [branchOverviewQueryKey]);
