import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableOrder } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { notifyActionFailure } from '../../../lib/form-feedback';
import { applyOps } from '../order-lines';
import { TABLE_TEXT } from '../table-text';
import { tableKeys } from './keys';
import { queuedOps } from './order-sync';

/**
 * Sets the guests seated at a table (covers; null: not said). The answer is the table's order:
 * shown with the taps not answered yet laid over it, as the outbox does.
 */
export function useSetGuests(tableId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guests: number | null) =>
      api<TableOrder>(`/tables/${encodeURIComponent(tableId)}/guests`, {
        method: 'PUT',
        body: { guests },
      }),
    onSuccess: async (order) => {
      const key = tableKeys.order(tableId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, applyOps(order, queuedOps(tableId)));
      return queryClient.invalidateQueries({ queryKey: tableKeys.list });
    },
    onError: (error) => notifyActionFailure(error, TABLE_TEXT.guestsNotSaved),
  });
}
