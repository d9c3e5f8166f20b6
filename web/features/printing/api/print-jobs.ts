import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintJob } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { printJobsQuery } from '../../../lib/printing-queries';
import { printingKeys } from './keys';

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
