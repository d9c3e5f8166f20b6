import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReceiptSettings,
  ReceiptSettingsBody,
} from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { receiptSettingsQuery } from '../../../lib/printing-queries';
import { printingKeys } from './keys';

export const useReceiptSettings = () => useQuery(receiptSettingsQuery);

export function useSaveReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptSettingsBody) =>
      api<ReceiptSettings>('/receipt-settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(printingKeys.receipt, saved),
  });
}
