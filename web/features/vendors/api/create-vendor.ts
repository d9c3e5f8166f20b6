import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor, VendorBody } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { vendorKeys } from './keys';

export const createVendor = (body: VendorBody) => api<Vendor>('/vendors', { method: 'POST', body });

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
