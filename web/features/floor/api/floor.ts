import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../../lib/uuid-v7';
import type { EqualSplitBills, EqualSplitBody } from '../../../../shared/schemas/billing.schemas';
import type { FloorChange } from '../../../../shared/schemas/floor.schemas';
import type { TableList } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { currentShiftId } from '../../../lib/current-shift';

/**
 * The tables' list and orders under the keys the tables feature reads them by
 * (['tables', 'list'], ['tables', id, 'order']), so a move or merge shows on the cards and the
 * order screens at once, and the live events that invalidate them keep these fresh too.
 */
const tablesKey = ['tables'] as const;
const listKey = [...tablesKey, 'list'] as const;
const orderKey = (tableId: string) => [...tablesKey, tableId, 'order'] as const;

export function useFloorTables(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: listKey,
      queryFn: ({ signal }) => api<TableList>('/tables', { signal }),
      enabled,
    }),
  );
}

type Change = { kind: 'move' | 'merge'; tableId: string; targetId: string; opId: string };

/**
 * Moves or merges a table's order. The op id is made once per choice (`newChange`) and sent on
 * every retry, so a retried request is applied once.
 */
export function useFloorChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, tableId, targetId, opId }: Change) =>
      api<FloorChange>(`/tables/${encodeURIComponent(tableId)}/${kind}`, {
        method: 'POST',
        body: kind === 'move' ? { opId, toTableId: targetId } : { opId, intoTableId: targetId },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderKey(answer.from.tableId), answer.from);
      queryClient.setQueryData(orderKey(answer.to.tableId), answer.to);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export const newChange = (kind: Change['kind'], tableId: string, targetId: string): Change => ({
  kind,
  tableId,
  targetId,
  opId: uuidv7(),
});

/** Pays the whole order as equal parts (one request: every part's bill at once). */
export function usePayEqualSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, body }: { tableId: string; body: EqualSplitBody }) =>
      api<EqualSplitBills>(`/tables/${encodeURIComponent(tableId)}/payments/equal-split`, {
        method: 'POST',
        body: { ...body, shiftId: currentShiftId() },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tablesKey }),
        queryClient.invalidateQueries({ queryKey: ['inventory'] }),
      ]),
  });
}
