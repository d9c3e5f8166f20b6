import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TableList } from '../../../../shared/schemas/tables.schemas';
import { api } from '../../../lib/api';
import { tableKeys } from './keys';

export const tablesQueryOptions = () =>
  queryOptions({
    queryKey: tableKeys.list,
    queryFn: ({ signal }) => api<TableList>('/tables', { signal }),
  });

/** Every table of the branch with its running amount (Tables / Billing). */
export function useTables() {
  return useQuery(tablesQueryOptions());
}
