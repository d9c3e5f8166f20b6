import { useQuery } from '@tanstack/react-query';
import type { ReceiptSettings } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';

/** The branch's merchant UPI id (for the QR of an amount to pay) and bill footer. */
export function useReceiptSettings() {
  return useQuery({
    queryKey: ['billing', 'receipt-settings'],
    queryFn: ({ signal }) => api<ReceiptSettings>('/receipt-settings', { signal }),
    staleTime: 60_000,
  });
}
