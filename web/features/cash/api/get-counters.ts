import { useQuery } from '@tanstack/react-query';
import type { Counters } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** The branch's counters (docs/cash.md). */
export function useCounters() {
  return useQuery({
    queryKey: cashKeys.counters,
    queryFn: ({ signal }) => api<Counters>('/cash/counters', { signal }),
  });
}
