import { useQuery } from '@tanstack/react-query';
import type { Shifts } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** A business day's shifts (`date` null: today, as the server counts it). */
export function useShifts(date: string | null) {
  return useQuery({
    queryKey: cashKeys.shifts(date ?? 'today'),
    queryFn: ({ signal }) =>
      api<Shifts>(`/cash/shifts${date ? `?date=${encodeURIComponent(date)}` : ''}`, { signal }),
    staleTime: 0,
  });
}
