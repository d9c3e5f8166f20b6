import { useQuery } from '@tanstack/react-query';
import type { PrintJobs } from '../../../../shared/schemas/printing.schemas';
import { api } from '../../../lib/api';
import { onBranchEvent } from '../../../lib/live-events';
import { tablesQueryKey } from './keys';

/** A KOT's print jobs (its stations' parts on the branch's network printers). */
const kotPrintJobsKey = (kotId: string) => [...tablesQueryKey, 'kot-print-jobs', kotId] as const;

// A job of a KOT was queued, printed or failed: that KOT's state is stale.
onBranchEvent('print.changed', (event) => (event.kotId ? [kotPrintJobsKey(event.kotId)] : []));

export function useKotPrintJobs(kotId: string) {
  return useQuery({
    queryKey: kotPrintJobsKey(kotId),
    queryFn: ({ signal }) =>
      api<PrintJobs>(`/print-jobs?kotId=${encodeURIComponent(kotId)}`, { signal }),
    select: (answer) => answer.items,
  });
}
