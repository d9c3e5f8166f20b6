import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplimentarySettings } from '../../../../../shared/schemas/complimentary.schemas';
import { api } from '../../../../lib/api';

const key = ['complimentary', 'settings'] as const;

/** The branch's reasons for complimentary items and the approval limit. */
export function useComplimentarySettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<ComplimentarySettings>('/complimentary/settings', { signal }),
  });
}

/** PUT /api/complimentary/settings (manager). */
export function useSaveComplimentarySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplimentarySettings) =>
      api<ComplimentarySettings>('/complimentary/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
