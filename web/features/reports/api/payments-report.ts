import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { EXPORT_FILES } from '../../../../shared/constants';
import type { IsoDate } from '../../../../shared/dates';
import type {
  AssociatedOrders,
  PaymentsReport,
} from '../../../../shared/schemas/payments-report.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { saveFile } from '../../../lib/save-file';
import { billKeys } from './dues';
import { reportQueryString } from './orders-report';

/** From Date, To Date and the search of the Payment History Report (its CSV takes the same). */
export interface PaymentsFilter {
  from: IsoDate;
  to: IsoDate;
  search?: string;
}

export const paymentsReportKeys = {
  all: ['reports', 'payments'] as const,
  page: (filter: PaymentsFilter, page: number, pageSize: number) =>
    [...paymentsReportKeys.all, 'page', filter, page, pageSize] as const,
};

// A bill paid or a due settled on any device of the branch changes the rows and totals.
onBranchEvent('bill.paid', () => [paymentsReportKeys.all]);
onBranchEvent('bill.settled', () => [paymentsReportKeys.all]);

/**
 * A page of the Payment History Report with the totals of everything that matches; the previous
 * answer stays on screen while the next loads. Nothing is asked while the filter is not valid.
 */
export function usePaymentsReport(
  filter: PaymentsFilter,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: paymentsReportKeys.page(filter, page, pageSize),
    queryFn: ({ signal }) =>
      api<PaymentsReport>(`/reports/payments?${reportQueryString({ ...filter, page, pageSize })}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** payment_history_report_{today}.csv of everything the filter matches, downloaded. */
export async function exportPaymentsReport({
  filter,
  today,
}: {
  filter: PaymentsFilter;
  today: IsoDate;
}) {
  const csv = await api<Blob>(`/reports/payments.csv?${reportQueryString({ ...filter })}`, {
    responseType: 'blob',
  });
  saveFile(csv, EXPORT_FILES.paymentHistoryReport(today));
}

export function useExportPaymentsReport() {
  return useMutation({ mutationFn: exportPaymentsReport });
}

/** A bill's lines, payments and status history, while `id` is set (its panel is open). */
export function useAssociatedOrders(id: string | null) {
  return useQuery({
    queryKey: billKeys.associatedOrders(id ?? ''),
    queryFn: ({ signal }) =>
      api<AssociatedOrders>(`/bills/${encodeURIComponent(id ?? '')}/associated-orders`, {
        signal,
      }),
    enabled: id !== null,
    staleTime: 0,
  });
}
