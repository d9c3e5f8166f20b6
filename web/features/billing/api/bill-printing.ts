import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintJob } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { printJobsQuery, printersQuery, printingKeys } from '../../../lib/printing-queries';

// Today's bills' print states and their reprint on the branch's network printers.

/** True when a network printer of the branch prints bills (then a reprint goes there). */
export function useHasNetworkBillPrinter() {
  return useQuery({
    ...printersQuery,
    select: (answer) =>
      answer.items.some((printer) => printer.connection === 'network' && printer.printsBills),
  });
}

/** The branch's latest print jobs, grouped by bill (KOT and test jobs left out). */
export function useBillPrintJobs() {
  return useQuery({
    ...printJobsQuery,
    select: (answer) => {
      const byBill = new Map<string, PrintJob[]>();
      for (const job of answer.items) {
        if (job.billId) byBill.set(job.billId, [...(byBill.get(job.billId) ?? []), job]);
      }
      return byBill;
    },
  });
}

/** Prints a bill again (DUPLICATE) on the branch's network bill printers. */
export function usePrintBillAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billId: string) =>
      api<unknown>(`/bills/${encodeURIComponent(billId)}/print`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: printingKeys.jobs }),
  });
}
