import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableBody, TableSummary } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { tableKeys, tablesQueryKey } from './keys';

const tablePath = (id: string) => `/tables/${encodeURIComponent(id)}`;

export const createTable = (body: TableBody) =>
  api<TableSummary>('/tables', { method: 'POST', body });

export const renameTable = ({ id, body }: { id: string; body: TableBody }) =>
  api<TableSummary>(tablePath(id), { method: 'PATCH', body });

export const removeTable = (id: string) => api<unknown>(tablePath(id), { method: 'DELETE' });

function useTableMutation<T, R>(mutationFn: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesQueryKey }),
  });
}

export const useCreateTable = () => useTableMutation(createTable);
export const useRenameTable = () => useTableMutation(renameTable);
export const useRemoveTable = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTable,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: tableKeys.order(id) });
      return queryClient.invalidateQueries({ queryKey: tableKeys.list });
    },
  });
};
