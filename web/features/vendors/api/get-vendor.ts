import { useQuery } from '@tanstack/react-query';
import type { VendorDetail } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

export const fetchVendor = (id: string, signal?: AbortSignal) =>
  api<VendorDetail>(`/vendors/${encodeURIComponent(id)}`, { signal });

/** One vendor with its payments, newest first; none while `id` is undefined. */
export function useVendor(id: string | undefined) {
  return useQuery({
    queryKey: vendorKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchVendor(id ?? '', signal),
    enabled: id !== undefined,
    // An unknown or foreign id answers 404 at once: asking again would not change that.
    retry: false,
    ...fresh,
  });
}
