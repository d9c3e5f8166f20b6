import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DayStatus, ReopenDayBody } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { useCashChanged } from './cash-changed';
import { cashKeys } from './keys';

/** Reopens a closed day with a reason (manager). */
export function useReopenDay() {
  const queryClient = useQueryClient();
  const changed = useCashChanged();
  return useMutation({
    mutationFn: (body: ReopenDayBody) => api<DayStatus>('/days/reopen', { body }),
    onSuccess: async (status) => {
      queryClient.setQueryData(cashKeys.day(status.businessDate), status);
      await changed();
    },
  });
}
