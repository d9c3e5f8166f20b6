import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ComplimentaryReport } from '../../../../shared/schemas/complimentary.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { reportQueryString } from './orders-report';

const reportKeys = {
  all: ['reports', 'complimentary'] as const,
  range: (from: string, to: string) => [...reportKeys.all, from, to] as const,
};

// A payment on any device of the branch settles a table, and so the report.
onBranchEvent('table.changed', () => [reportKeys.all]);

/** GET /api/reports/complimentary?from&to; the previous answer stays meanwhile. */
export function useComplimentaryReport(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.range(from, to),
    queryFn: ({ signal }) =>
      api<ComplimentaryReport>(`/reports/complimentary?${reportQueryString({ from, to })}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
