import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { EXPORT_FILES } from '../../../../shared/constants';
import type {
  OrdersReport,
  OrdersReportFilter,
  ReportCharts,
} from '../../../../shared/schemas/orders-report.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { saveFile } from '../../../lib/save-file';

/** Query keys of the orders report and the report charts, all under one root. */
export const ordersReportKeys = {
  all: ['reports', 'orders'] as const,
  page: (filter: OrdersReportFilter, page: number, pageSize: number) =>
    [...ordersReportKeys.all, 'page', filter, page, pageSize] as const,
  charts: (from: string, to: string) => [...ordersReportKeys.all, 'charts', from, to] as const,
};

// A bill paid on any device of the branch changes the figures shown.
onBranchEvent('bill.paid', () => [ordersReportKeys.all]);

/** `?from=…&to=…&product=…` as the report, its CSV and its charts take it (empty parts left out). */
export function reportQueryString(params: Record<string, string | number | undefined>) {
  const present = Object.entries(params).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
  return new URLSearchParams(present.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * A page of the Detailed Orders Report with its totals and top items; the previous answer stays
 * on screen while the next loads. Nothing is asked while the filter is not valid (`enabled`).
 */
export function useOrdersReport(
  filter: OrdersReportFilter,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ordersReportKeys.page(filter, page, pageSize),
    queryFn: ({ signal }) =>
      api<OrdersReport>(`/reports/orders?${reportQueryString({ ...filter, page, pageSize })}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Revenue per day, sales by hour and the top items of a range. */
export function useReportCharts(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ordersReportKeys.charts(from, to),
    queryFn: ({ signal }) =>
      api<ReportCharts>(`/reports/charts?${reportQueryString({ from, to })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The server's orders_report.csv of everything the filter matches, downloaded. */
export async function exportOrdersReport(filter: OrdersReportFilter) {
  const csv = await api<Blob>(`/reports/orders.csv?${reportQueryString({ ...filter })}`, {
    responseType: 'blob',
  });
  saveFile(csv, EXPORT_FILES.ordersReport);
}

export function useExportOrdersReport() {
  return useMutation({ mutationFn: exportOrdersReport });
}
