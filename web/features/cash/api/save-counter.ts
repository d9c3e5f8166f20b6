import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Counter, CounterBody } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

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
