import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VendorStockList } from '../../../../shared/schemas/vendors.schemas';
import { api } from '../../../lib/api';
import { fresh, vendorKeys } from './keys';

/** `?invoiceDate=` as the server takes it (the CSV export takes the same). */
export const stockQueryString = (invoiceDate: string) =>
  invoiceDate.trim() === '' ? '' : `?${new URLSearchParams({ invoiceDate: invoiceDate.trim() })}`;

export const fetchVendorStock = (id: string, invoiceDate: string, signal?: AbortSignal) =>
  api<VendorStockList>(`/vendors/${encodeURIComponent(id)}/stock${stockQueryString(invoiceDate)}`, {
    signal,
  });

/**
 * A vendor's stock purchases, newest invoice first, whose invoice date (YYYY-MM-DD) contains
 * `invoiceDate`; the previous rows stay on screen while a new search loads.
 */
export function useVendorStock(id: string, invoiceDate = '', enabled = true) {
  const search = invoiceDate.trim();
  return useQuery({
    queryKey: vendorKeys.stock(id, search),
    queryFn: ({ signal }) => fetchVendorStock(id, search, signal),
    enabled,
    placeholderData: keepPreviousData,
    ...fresh,
  });
}
