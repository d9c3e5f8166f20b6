import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CashEntryBody,
  CashSettings,
  CloseShiftBody,
  Counter,
  CounterBody,
  Counters,
  OpenShiftBody,
  Shift,
  Shifts,
} from '../../../../shared/schemas/cash.schemas';
import type { ApproverList } from '../../../../shared/schemas/voids.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** The counters, shifts, cash entries and drawer settings (docs/cash.md). */

const shiftPath = (id: string) => `/cash/shifts/${encodeURIComponent(id)}`;

export function useCounters() {
  return useQuery({
    queryKey: cashKeys.counters,
    queryFn: ({ signal }) => api<Counters>('/cash/counters', { signal }),
  });
}

/** A business day's shifts (`date` null: today, as the server counts it). */
export function useShifts(date: string | null) {
  return useQuery({
    queryKey: cashKeys.shifts(date ?? 'today'),
    queryFn: ({ signal }) =>
      api<Shifts>(`/cash/shifts${date ? `?date=${encodeURIComponent(date)}` : ''}`, { signal }),
    staleTime: 0,
  });
}

export function useCashSettings() {
  return useQuery({
    queryKey: cashKeys.settings,
    queryFn: ({ signal }) => api<CashSettings>('/cash/settings', { signal }),
  });
}

/** The managers who may approve with their PIN (the void approvers, docs/kitchen.md). */
export function useApprovers(enabled: boolean) {
  return useQuery({
    queryKey: cashKeys.approvers,
    queryFn: ({ signal }) => api<ApproverList>('/voids/approvers', { signal }),
    enabled,
    staleTime: 0,
  });
}

function useDrawerChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cashKeys.allShifts }),
      queryClient.invalidateQueries({ queryKey: cashKeys.allDays }),
    ]);
}

export function useOpenShift() {
  const changed = useDrawerChanged();
  return useMutation({
    mutationFn: (body: OpenShiftBody) => api<Shift>('/cash/shifts', { body }),
    onSuccess: changed,
  });
}

export function useAddCashEntry(shiftId: string) {
  const changed = useDrawerChanged();
  return useMutation({
    mutationFn: (body: CashEntryBody) => api<Shift>(`${shiftPath(shiftId)}/entries`, { body }),
    onSuccess: changed,
  });
}

export function useCloseShift(shiftId: string) {
  const changed = useDrawerChanged();
  return useMutation({
    mutationFn: (body: CloseShiftBody) => api<Shift>(`${shiftPath(shiftId)}/close`, { body }),
    onSuccess: changed,
  });
}

/** Adds a counter (`id` null) or renames one (manager). */
export function useSaveCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CounterBody }) =>
      id === null
        ? api<Counter>('/cash/counters', { body })
        : api<Counter>(`/cash/counters/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cashKeys.counters }),
        queryClient.invalidateQueries({ queryKey: cashKeys.allShifts }),
      ]),
  });
}

export function useSaveCashSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CashSettings) =>
      api<CashSettings>('/cash/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(cashKeys.settings, saved),
  });
}
