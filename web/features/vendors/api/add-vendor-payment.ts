import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorPayment, VendorPaymentBody } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { vendorKeys } from './keys';

/** The spec's 'Add Comment': an amount paid to the vendor, by whom, on which date. */
export const addVendorPayment = ({ id, body }: { id: string; body: VendorPaymentBody }) =>
  api<VendorPayment>(`/vendors/${encodeURIComponent(id)}/payments`, { method: 'POST', body });

export function useAddVendorPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVendorPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
