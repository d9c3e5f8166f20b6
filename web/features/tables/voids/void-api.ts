import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import type { VoidAnswer, VoidBody } from '../../../../shared/schemas/voids.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from '../api/keys';
import { queuedOps } from '../api/order-sync';
import { applyOps } from '../order-lines';

/**
 * Voids a sent item (POST /api/tables/:tableId/voids, exactly once by `opId`): the answer's
 * order is shown with the taps not answered yet laid over it; the cards and the kitchen's
 * states refetch.
 */
export function useVoidLine(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoidBody) =>
      api<VoidAnswer>(`/tables/${encodeURIComponent(tableId)}/voids`, { method: 'POST', body }),
    onSuccess: async (answer) => {
      const key = tableKeys.order(tableId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TableOrder>(key, applyOps(answer.order, queuedOps(tableId)));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tableKeys.list }),
        queryClient.invalidateQueries({ queryKey: tableKeys.kots(tableId) }),
      ]);
    },
  });
}
