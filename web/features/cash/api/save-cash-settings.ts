import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CashSettings } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** The drawer's settings (manager). */
export function useSaveCashSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CashSettings) =>
      api<CashSettings>('/cash/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(cashKeys.settings, saved),
  });
}
