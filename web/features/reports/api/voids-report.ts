import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { VoidsReport } from '../../../../shared/schemas/voids.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { saveFile } from '../../../lib/save-file';
import { reportQueryString } from './orders-report';

export interface VoidsFilter {
  from: string;
  to: string;
}

export const voidsReportKeys = {
  all: ['reports', 'voids'] as const,
  page: (filter: VoidsFilter, page: number, pageSize: number) =>
    [...voidsReportKeys.all, filter, page, pageSize] as const,
};

// A void on any device of the branch changes a table, and so the report.
onBranchEvent('table.changed', () => [voidsReportKeys.all]);

/** A page of the void report with its totals and groups; the previous answer stays meanwhile. */
export function useVoidsReport(
  filter: VoidsFilter,
  page: number,
  pageSize: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: voidsReportKeys.page(filter, page, pageSize),
    queryFn: ({ signal }) =>
      api<VoidsReport>(`/reports/voids?${reportQueryString({ ...filter, page, pageSize })}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The server's voids_{from}_{to}.csv of every void of the range, downloaded. */
export async function exportVoidsReport(filter: VoidsFilter) {
  const csv = await api<Blob>(`/reports/voids.csv?${reportQueryString({ ...filter })}`, {
    responseType: 'blob',
  });
  saveFile(csv, `voids_${filter.from}_${filter.to}.csv`);
}

export function useExportVoidsReport() {
  return useMutation({ mutationFn: exportVoidsReport });
}
