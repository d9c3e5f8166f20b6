import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor, VendorBody } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { vendorKeys } from './keys';

/** The whole vendor: name, contact, address, categories and supplied items. */
export const updateVendor = ({ id, body }: { id: string; body: VendorBody }) =>
  api<Vendor>(`/vendors/${encodeURIComponent(id)}`, { method: 'PUT', body });

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
