import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxProfileView } from '../../shared/schemas/tax-profile.schemas';
import { computeOrderBill, type OrderTaxLine } from '../../shared/tax';
import { api } from './api';

/**
 * The branch's current tax profile (GET /api/branch/tax-profile), under the key the payment
 * modal reads it by (['branch', 'tax-profile']: a save of Settings reads it again).
 */
export const branchTaxProfileQuery = queryOptions({
  queryKey: ['branch', 'tax-profile'],
  queryFn: ({ signal }) => api<TaxProfileView>('/branch/tax-profile', { signal }),
  staleTime: 60_000,
});

/**
 * What the guest will pay for these order lines now (docs/gst.md, "The bill before and after
 * payment"): the bill's grand total by shared/tax.ts computeOrderBill with the branch's profile,
 * no discount and its service charge, as the payment works it out; null while the profile
 * loads (or could not be read). Every amount a person reads before paying comes from here or
 * from the server's same figure (GET /api/tables `billTotalPaise`).
 */
export function useBillTotal(lines: readonly OrderTaxLine[]): BillTotal | null {
  const profile = useQuery(branchTaxProfileQuery);
  if (!profile.data) return null;
  return {
    totalPaise: lines.length === 0 ? 0 : computeOrderBill(lines, 0, profile.data).totalPaise,
    withGst: profile.data.regime === 'regular',
  };
}

export interface BillTotal {
  /** The bill's grand total. */
  totalPaise: number;
  /** GST is charged (a regular dealer): the amount says "incl. GST". */
  withGst: boolean;
}

/** An amount to read before paying: "₹158.00", or "…" while the tax profile loads. */
export const billAmountText = (total: BillTotal | null, format: (paise: number) => string) =>
  total === null ? '…' : format(total.totalPaise);
