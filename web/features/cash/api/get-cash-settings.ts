import { useQuery } from '@tanstack/react-query';
import type { CashSettings } from '../../../../shared/schemas/cash.schemas';
import { api } from '../../../lib/api';
import { cashKeys } from './keys';

/** The drawer's settings: the difference a count may have without a manager. */
export function useCashSettings() {
  return useQuery({
    queryKey: cashKeys.settings,
    queryFn: ({ signal }) => api<CashSettings>('/cash/settings', { signal }),
  });
}
