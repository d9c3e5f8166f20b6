import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComplimentaryBody,
  ComplimentarySettings,
} from '../../../../shared/schemas/complimentary.schemas';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from '../api/keys';
import { queuedOps } from '../api/order-sync';
import { applyOps } from '../order-lines';

export const complimentaryKeys = {
  settings: ['complimentary', 'settings'] as const,
};

/** The branch's reasons and approval limit (GET /api/complimentary/settings). */
export function useComplimentarySettings(enabled = true) {
  return useQuery({
    queryKey: complimentaryKeys.settings,
    queryFn: ({ signal }) => api<ComplimentarySettings>('/complimentary/settings', { signal }),
    enabled,
    staleTime: 0,
  });
}

/** PUT /api/complimentary/settings (manager). */
export function useSaveComplimentarySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplimentarySettings) =>
      api<ComplimentarySettings>('/complimentary/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(complimentaryKeys.settings, saved),
  });
}

/**
 * Marks items of a table's order complimentary, or charged again (POST
 * /api/tables/:tableId/complimentary, exactly once by `opId`): the answer's order is shown with
 * the taps not answered yet laid over it; the cards refetch.
 */
export function useMarkComplimentary(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplimentaryBody) =>
      api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/complimentary`, {
        method: 'POST',
        body,
      }),
    onSuccess: async (order) => {
      const key = tableKeys.order(tableId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TableOrder>(key, applyOps(order, queuedOps(tableId)));
      await queryClient.invalidateQueries({ queryKey: tableKeys.list });
    },
  });
}
