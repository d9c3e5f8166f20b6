import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StockSubmissionBody,
  StockSubmissionResult,
} from '../../../../shared/schemas/inventory.schemas';
import { api } from '../../../lib/api';
import { invalidateStockViews } from './invalidate';

/** The same `idempotencyKey` again answers the first result and writes nothing. */
export const submitStock = (body: StockSubmissionBody) =>
  api<StockSubmissionResult>('/stock/submissions', { method: 'POST', body });

export function useSubmitStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitStock,
    onSuccess: () => invalidateStockViews(queryClient),
  });
}
