import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { api } from '../../../lib/api';

/** Every list of branches, whatever the search; branch mutations invalidate them all. */
export const branchesQueryKey = ['branches'] as const;

export const fetchBranches = ({ search, signal }: { search: string; signal?: AbortSignal }) =>
  api<BranchView[]>(search ? `/branches?search=${encodeURIComponent(search)}` : '/branches', {
    signal,
  });

export const branchesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...branchesQueryKey, { search }],
    queryFn: ({ signal }) => fetchBranches({ search, signal }),
    // While a new search loads, the previous rows stay instead of a blank table.
    placeholderData: keepPreviousData,
  });

export function useBranches(search: string) {
  return useQuery(branchesQueryOptions(search));
}
