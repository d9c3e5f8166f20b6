import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReceiptSettings,
  ReceiptSettingsBody,
} from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { printingKeys } from './keys';

/** The branch's merchant UPI id and bill footer. */
const receiptQuery = queryOptions({
  queryKey: printingKeys.receipt,
  queryFn: ({ signal }) => api<ReceiptSettings>('/receipt-settings', { signal }),
});

export const useReceiptSettings = () => useQuery(receiptQuery);

export function useSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptSettingsBody) =>
      api<ReceiptSettings>('/receipt-settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(printingKeys.receipt, saved),
  });
}
