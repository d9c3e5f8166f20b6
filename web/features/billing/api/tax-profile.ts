import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxProfileView } from '../../../../shared/schemas/tax-profile.schemas';
import { api } from '../../../lib/api';

/**
 * The branch's current tax profile (GET /api/branch/tax-profile): what a new bill is worked out
 * with. Under the branch settings' key, so a save of Settings (which invalidates ['branch'])
 * reads it again.
 */
export const taxProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['branch', 'tax-profile'],
    queryFn: ({ signal }) => api<TaxProfileView>('/branch/tax-profile', { signal }),
    staleTime: 60_000,
  });

export function useTaxProfile() {
  return useQuery(taxProfileQueryOptions());
}
