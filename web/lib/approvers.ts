import { useQuery } from '@tanstack/react-query';
import type { ApproverList } from '../../shared/schemas/voids.schemas';
import { api } from './api';

/**
 * The managers who may approve on this device with their PIN, and the branch's void reasons
 * (GET /api/voids/approvers): voids, complimentary items, a count over the limit, a fixed
 * display. Asked afresh each time an approval opens.
 */
export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: ['approvers'],
    queryFn: ({ signal }) => api<ApproverList>('/voids/approvers', { signal }),
    enabled,
    staleTime: 0,
  });
}
