import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableBody, TableSummary } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { TABLE_TEXT } from '../table-text';
import { tableKeys, tablesQueryKey } from './keys';

const tablePath = (id: string) => `/tables/${encodeURIComponent(id)}`;

export const createTable = (body: TableBody) =>
  api<TableSummary>('/tables', { method: 'POST', body });

export const renameTable = ({ id, body }: { id: string; body: TableBody }) =>
  api<TableSummary>(tablePath(id), { method: 'PATCH', body });

export const removeTable = ({ id }: { id: string; label: string }) =>
  api<unknown>(tablePath(id), { method: 'DELETE' });

function useTableMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

export const useCreateTable = () => useTableMutation(createTable);
export const useRenameTable = () => useTableMutation(renameTable);
/**
 * Removes an empty table. The toasts are the mutation's own, not the menu's: the live update of
 * the removal can take the table's card (and its menu) away before the answer arrives, and a
 * callback given to `mutate` is dropped when its component goes.
 */
export const useRemoveTable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTable,
    onSuccess: (_, { id, label }) => {
      notifySuccess(TABLE_TEXT.removed(label));
      queryClient.removeQueries({ queryKey: tableKeys.order(id) });
      return queryClient.invalidateQueries({ queryKey: tableKeys.list });
    },
    onError: (error) => notifyActionFailure(error, TABLE_TEXT.removeFailed),
  });
};
