import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CloseDayAnswer,
  DayStatus,
  ReopenDayBody,
} from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** A business day's state, its X or Z report, its close and reopening (manager). */

const dayPath = (date: string) => `/days/${encodeURIComponent(date)}`;

export function useDayStatus(date: string | null) {
  return useQuery({
    queryKey: cashKeys.day(date ?? ''),
    queryFn: ({ signal }) => api<DayStatus>(dayPath(date!), { signal }),
    enabled: date !== null,
    staleTime: 0,
  });
}

function useDayChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cashKeys.allDays }),
      queryClient.invalidateQueries({ queryKey: cashKeys.allShifts }),
    ]);
}

export function useCloseDay() {
  const changed = useDayChanged();
  return useMutation({
    mutationFn: (date: string) => api<CloseDayAnswer>(`${dayPath(date)}/close`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useReopenDay() {
  const changed = useDayChanged();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: ReopenDayBody }) =>
      api<unknown>(`${dayPath(date)}/reopen`, { body }),
    onSuccess: changed,
  });
}

/** Sends the day's report to a network printer (its print job follows in the queue). */
export function usePrintDayReport() {
  return useMutation({
    mutationFn: ({ date, printerId }: { date: string; printerId: string }) =>
      api<unknown>(`${dayPath(date)}/print`, { body: { printerId } }),
  });
}
