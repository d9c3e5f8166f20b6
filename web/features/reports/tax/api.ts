import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { IsoDate } from '../../../../shared/dates';
import {
  taxCsvFilename,
  type B2bPage,
  type TaxCsvPart,
  type TaxReport,
} from '../../../../shared/schemas/tax-report.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { saveFile } from '../../../lib/save-file';
import { reportQueryString } from '../api/orders-report';

export interface TaxRange {
  from: IsoDate;
  to: IsoDate;
}

export const taxReportKeys = {
  all: ['reports', 'tax'] as const,
  report: (range: TaxRange, pageSize: number) =>
    [...taxReportKeys.all, 'report', range, pageSize] as const,
  b2b: (range: TaxRange, page: number, pageSize: number) =>
    [...taxReportKeys.all, 'b2b', range, page, pageSize] as const,
};

// A bill paid or cancelled on any device changes the figures.
onBranchEvent('bill.paid', () => [taxReportKeys.all]);
onBranchEvent('bill.cancelled', () => [taxReportKeys.all]);

/** The tax report of a range with the first page of its B2B invoices. */
export function useTaxReport(range: TaxRange, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: taxReportKeys.report(range, pageSize),
    queryFn: ({ signal }) =>
      api<TaxReport>(`/reports/tax?${reportQueryString({ ...range, pageSize })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A later page of the B2B invoices (page 1 comes with the report). */
export function useB2bPage(range: TaxRange, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: taxReportKeys.b2b(range, page, pageSize),
    queryFn: ({ signal }) =>
      api<B2bPage>(`/reports/tax/b2b?${reportQueryString({ ...range, page, pageSize })}`, {
        signal,
      }),
    enabled: enabled && page > 1,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One part of the tax report as CSV, downloaded. */
export function useExportTaxCsv() {
  return useMutation({
    mutationFn: async ({ part, range }: { part: TaxCsvPart; range: TaxRange }) => {
      const csv = await api<Blob>(`/reports/tax/${part}.csv?${reportQueryString({ ...range })}`, {
        responseType: 'blob',
      });
      saveFile(csv, taxCsvFilename(part, range.from, range.to));
    },
  });
}
