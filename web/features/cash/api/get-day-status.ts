import { useQuery } from '@tanstack/react-query';
import type { DayStatus } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** A business day's state and its X or Z report (manager). */
export function useDayStatus(date: string | null) {
  return useQuery({
    queryKey: cashKeys.day(date ?? ''),
    queryFn: ({ signal }) =>
      api<DayStatus>(`/days?date=${encodeURIComponent(date ?? '')}`, { signal }),
    enabled: date !== null,
    staleTime: 0,
  });
}
