import type { QueryClient } from '@tanstack/react-query';
import { adminOverviewQueryKey } from './get-admin-overview';
import { branchesQueryKey } from './get-branches';

/** A branch or its plan changed: the branch lists and the overview's counts are stale. */
export const invalidateBranchViews = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: branchesQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey }),
  ]);
