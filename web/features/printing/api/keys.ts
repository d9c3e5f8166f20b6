import { onBranchEvent } from '../../../lib/live-events';

/** Everything Settings → Printers reads. */
export const printingQueryKey = ['printing'] as const;

export const printingKeys = {
  printers: [...printingQueryKey, 'printers'] as const,
  /** The branch's latest jobs (the print queue); one job's state is found in it. */
  jobs: [...printingQueryKey, 'jobs'] as const,
  receipt: [...printingQueryKey, 'receipt-settings'] as const,
  stations: [...printingQueryKey, 'stations'] as const,
};

// A job was queued, sent, printed or failed: the queue (and a test page's state) changed.
onBranchEvent('print.changed', () => [printingKeys.jobs]);
