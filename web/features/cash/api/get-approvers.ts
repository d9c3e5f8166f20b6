import { useQuery } from '@tanstack/react-query';
import type { ApproverList } from '../../../../shared/schemas/voids.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** The managers who may approve with their PIN (the void approvers, docs/kitchen.md). */
export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: cashKeys.approvers,
    queryFn: ({ signal }) => api<ApproverList>('/voids/approvers', { signal }),
    enabled,
    staleTime: 0,
  });
}
