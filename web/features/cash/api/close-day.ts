import { useMutation } from '@tanstack/react-query';
import type { CloseDayAnswer } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { useCashChanged } from './cash-changed';

/** Closes a business day (its Z report frozen and mailed). */
export function useCloseDay() {
  const changed = useCashChanged();
  return useMutation({
    mutationFn: (date: string) => api<CloseDayAnswer>('/days/close', { body: { date } }),
    onSuccess: changed,
  });
}
