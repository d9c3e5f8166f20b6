import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvisionalBill } from '../../../../shared/schemas/bill-print.schemas';
import { api } from '../../../lib/api';

export interface ProvisionalBillOptions {
  /** Percent as the payment takes it ('' or absent: none). */
  discountPercent?: string;
  /** False leaves the branch's service charge off. */
  serviceCharge?: boolean;
}

/** A table's provisional bill: its order now worked out with the branch's tax profile. */
export const provisionalBillQueryOptions = (tableId: string, options: ProvisionalBillOptions) => {
  const query = new URLSearchParams();
  if (options.discountPercent) query.set('discountPercent', options.discountPercent);
  if (options.serviceCharge === false) query.set('serviceCharge', 'false');
  const text = query.toString();
  const search = text === '' ? '' : `?${text}`;
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
