import { useQuery } from '@tanstack/react-query';
import type { VendorPaymentsSummary } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

export const fetchPaymentsSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<VendorPaymentsSummary>('/vendors/payments-summary', { signal });

/** Every live vendor's total, paid and remaining, largest remaining first. */
export function usePaymentsSummary() {
  return useQuery({
    queryKey: vendorKeys.paymentsSummary(),
    queryFn: fetchPaymentsSummary,
    ...fresh,
  });
}
