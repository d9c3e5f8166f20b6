import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CloseDayAnswer,
  DayStatus,
  ReopenDayBody,
} from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** A business day's state, its X or Z report, its close and reopening (manager). */

export function useDayStatus(date: string | null) {
  return useQuery({
    queryKey: cashKeys.day(date ?? ''),
    queryFn: ({ signal }) =>
      api<DayStatus>(`/days?date=${encodeURIComponent(date ?? '')}`, { signal }),
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
    mutationFn: (date: string) => api<CloseDayAnswer>('/days/close', { body: { date } }),
    onSuccess: changed,
  });
}

export function useReopenDay() {
  const queryClient = useQueryClient();
  const changed = useDayChanged();
  return useMutation({
    mutationFn: (body: ReopenDayBody) => api<DayStatus>('/days/reopen', { body }),
    onSuccess: async (status) => {
      queryClient.setQueryData(cashKeys.day(status.businessDate), status);
      await changed();
    },
  });
}

/** Sends the day's report to a network printer (its print job follows in the queue). */
export function usePrintDayReport() {
  return useMutation({
    mutationFn: (body: { date: string; printerId: string }) =>
      api<unknown>('/days/print', { body }),
  });
}
