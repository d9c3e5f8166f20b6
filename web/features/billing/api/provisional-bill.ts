import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvisionalBill } from '../../../../shared/schemas/bill-print.schemas';
import { api } from '../../../lib/api';

export interface ProvisionalBillOptions {
  /** Percent as the payment takes it ('' or absent: none). */
  discountPercent?: string;
  /** A flat ₹ discount in paise besides the percentage (0 or absent: none). */
  discountFlatPaise?: number;
  /** False leaves the branch's service charge off. */
  serviceCharge?: boolean;
}

/** The query string of a provisional bill's options ('' for none, else '?…'). */
export function provisionalBillSearch(options: ProvisionalBillOptions): string {
  const query = new URLSearchParams();
  if (options.discountPercent) query.set('discountPercent', options.discountPercent);
  if (options.discountFlatPaise) query.set('discountFlatPaise', String(options.discountFlatPaise));
  if (options.serviceCharge === false) query.set('serviceCharge', 'false');
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** A table's provisional bill: its order now worked out with the branch's tax profile. */
export const provisionalBillQueryOptions = (tableId: string, options: ProvisionalBillOptions) => {
  const search = provisionalBillSearch(options);
  return queryOptions({
    queryKey: ['tables', tableId, 'provisional-bill', search],
    queryFn: ({ signal }) =>
      api<ProvisionalBill>(`/tables/${encodeURIComponent(tableId)}/provisional-bill${search}`, {
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });
};

export function useProvisionalBill(tableId: string, options: ProvisionalBillOptions) {
  return useQuery(provisionalBillQueryOptions(tableId, options));
}
