import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintJob, PrintJobs } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { printingKeys } from './keys';

/** The branch's latest print jobs, newest first (refetched on every 'print.changed'). */
export const printJobsQuery = queryOptions({
  queryKey: printingKeys.jobs,
  queryFn: ({ signal }) => api<PrintJobs>('/print-jobs', { signal }),
});

export const usePrintJobs = () => useQuery(printJobsQuery);

/** Sends a failed job again. */
export function useRetryPrintJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      api<PrintJob>(`/print-jobs/${encodeURIComponent(jobId)}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: printingKeys.jobs }),
  });
}
