import { useMutation } from '@tanstack/react-query';
import type { OpenShiftBody, Shift } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { useCashChanged } from './cash-changed';

/** Opens a shift at a counter with its counted float. */
export function useOpenShift() {
  const changed = useCashChanged();
  return useMutation({
    mutationFn: (body: OpenShiftBody) => api<Shift>('/cash/shifts', { body }),
    onSuccess: changed,
  });
}
