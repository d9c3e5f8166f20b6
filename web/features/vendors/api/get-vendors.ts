import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorList } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

export const fetchVendors = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<VendorList>('/vendors', { signal });

/** The branch's live vendors with what they supply and their totals. */
export const vendorsQueryOptions = queryOptions({
  queryKey: vendorKeys.list(),
  queryFn: fetchVendors,
  ...fresh,
});

export function useVendors() {
  return useQuery(vendorsQueryOptions);
}
