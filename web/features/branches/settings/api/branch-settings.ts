import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BranchSettings,
  BranchSettingsBody,
} from '../../../../../shared/schemas/branch-settings.schemas';
import { api } from '../../../../lib/api';

const branchSettingsQuery = queryOptions({
  queryKey: ['branch', 'settings'],
  queryFn: ({ signal }) => api<BranchSettings>('/branch/settings', { signal }),
});

export function useBranchSettings() {
  return useQuery(branchSettingsQuery);
}

export function useSaveBranchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchSettingsBody) =>
      api<BranchSettings>('/branch/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(branchSettingsQuery.queryKey, saved);
      // The payment modal's profile (GET /api/branch/tax-profile) is now another row.
      void queryClient.invalidateQueries({ queryKey: ['branch', 'tax-profile'] });
    },
  });
}
