import { useMutation } from '@tanstack/react-query';
import type { CashEntryBody, Shift } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { useCashChanged } from './cash-changed';
import { shiftPath } from './shift-path';

/** Cash in or cash out of an open shift, with its reason. */
export function useAddCashEntry(shiftId: string) {
  const changed = useCashChanged();
  return useMutation({
    mutationFn: (body: CashEntryBody) => api<Shift>(`${shiftPath(shiftId)}/entries`, { body }),
    onSuccess: changed,
  });
}
