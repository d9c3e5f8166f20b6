import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList } from '../../../../shared/schemas/staff.schemas';
import { api } from '../../../lib/api';

/** The branch's staff list; every staff mutation changes it (members, counts). */
export const staffQueryKey = ['staff'] as const;

export const fetchStaff = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<StaffList>('/staff', { signal });

export const staffQueryOptions = queryOptions({
  queryKey: staffQueryKey,
  queryFn: fetchStaff,
});

export function useStaff() {
  return useQuery(staffQueryOptions);
}
