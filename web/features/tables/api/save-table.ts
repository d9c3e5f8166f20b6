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

export const useCreateTable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
};
/**
 * Renames a table or moves it to another section. The green toast is the mutation's own: a move
 * to another section regroups the cards, so the card (and its rename form) can be remounted by
 * the live update before the answer arrives, and a callback given to `mutate` is then dropped.
 */
export const useRenameTable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTable,
    onSuccess: () => {
      notifySuccess(TABLE_TEXT.renamed);
      return queryClient.invalidateQueries({ queryKey: tablesQueryKey });
    },
  });
};
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
