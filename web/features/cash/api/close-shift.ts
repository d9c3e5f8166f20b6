import { useMutation } from '@tanstack/react-query';
import type { CloseShiftBody, Shift } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { useCashChanged } from './cash-changed';
import { shiftPath } from './shift-path';

/** Closes a shift with its (blind) count. */
export function useCloseShift(shiftId: string) {
  const changed = useCashChanged();
  return useMutation({
    mutationFn: (body: CloseShiftBody) => api<Shift>(`${shiftPath(shiftId)}/close`, { body }),
    onSuccess: changed,
  });
}
