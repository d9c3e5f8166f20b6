import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '../../../../shared/schemas/dashboard.schemas';
import { api } from '../../../lib/api';

/** Counts by status and plans ending soon: every branch mutation changes them. */
export const adminOverviewQueryKey = ['admin', 'overview'] as const;

export const fetchAdminOverview = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<AdminOverview>('/admin/overview', { signal });

export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminOverviewQueryKey,
  queryFn: fetchAdminOverview,
});

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
