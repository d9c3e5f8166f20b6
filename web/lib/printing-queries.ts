import { queryOptions } from '@tanstack/react-query';
import type { PrintJobs, Printers, ReceiptSettings } from '../../shared/schemas/printing.schemas';
import { api } from './api';
import { onBranchEvent } from './live-events';

/**
 * The branch's printers, its latest print jobs and its receipt settings (docs/printing.md):
 * read by Settings → Printers, the billing screens and this device's printing alike, so each
 * is one query in one cache entry (a save on Settings is what the payment modal reads next).
 */
export const printingKeys = {
  printers: ['printing', 'printers'] as const,
  /** The branch's latest jobs (the print queue, the bills' print states). */
  jobs: ['printing', 'jobs'] as const,
  receipt: ['printing', 'receipt-settings'] as const,
};

export const printersQuery = queryOptions({
  queryKey: printingKeys.printers,
  queryFn: ({ signal }) => api<Printers>('/printers', { signal }),
  staleTime: 30_000,
});

/** Newest first; refetched on every 'print.changed'. */
export const printJobsQuery = queryOptions({
  queryKey: printingKeys.jobs,
  queryFn: ({ signal }) => api<PrintJobs>('/print-jobs', { signal }),
});

/** The merchant UPI id (for the QR of an amount to pay) and the bill's footer. */
export const receiptSettingsQuery = queryOptions({
  queryKey: printingKeys.receipt,
  queryFn: ({ signal }) => api<ReceiptSettings>('/receipt-settings', { signal }),
  staleTime: 60_000,
});

// A job was printed or failed: the queue and the bills' print states changed.
onBranchEvent('print.changed', () => [printingKeys.jobs]);
