import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintJob, PrintJobs, Printers } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';

/** Today's bills' print states and their reprint on the branch's network printers. */
const keys = {
  printers: ['billing', 'printers'] as const,
  jobs: ['billing', 'print-jobs'] as const,
};

// A job was queued, printed or failed: the states shown change.
onBranchEvent('print.changed', () => [keys.jobs]);

/** True when a network printer of the branch prints bills (then a reprint goes there). */
export function useHasNetworkBillPrinter(enabled: boolean) {
  return useQuery({
    queryKey: keys.printers,
    queryFn: ({ signal }) => api<Printers>('/printers', { signal }),
    select: (answer) =>
      answer.items.some((printer) => printer.connection === 'network' && printer.printsBills),
    staleTime: 30_000,
    enabled,
  });
}

/** The branch's latest print jobs, grouped by bill (only bills have them here). */
export function useBillPrintJobs(enabled: boolean) {
  return useQuery({
    queryKey: keys.jobs,
    queryFn: ({ signal }) => api<PrintJobs>('/print-jobs', { signal }),
    select: (answer) => {
      const byBill = new Map<string, PrintJob[]>();
      for (const job of answer.items) {
        if (job.billId) byBill.set(job.billId, [...(byBill.get(job.billId) ?? []), job]);
      }
      return byBill;
    },
    enabled,
  });
}

/** Prints a bill again (DUPLICATE) on the branch's network bill printers. */
export function usePrintBillAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api<unknown>(`/bills/${encodeURIComponent(billId)}/print`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.jobs }),
  });
}
