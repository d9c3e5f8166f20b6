import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintJob, Printer, PrinterBody } from '../../../../shared/schemas/printing.schemas';
import type { StationsAnswer } from '../../../../shared/schemas/kitchen.schemas';
import { api } from '../../../lib/api';
import { printersQuery } from '../../../lib/printing-queries';
import { printingKeys } from './keys';

/** The branch's printers, their add, change, archive and test page. */

const printerPath = (id: string) => `/printers/${encodeURIComponent(id)}`;

export const usePrinters = () => useQuery(printersQuery);

/** The kitchen's stations, for the KOT printer's choice (read only; kitchen settings edit them). */
export function useStationChoices() {
  return useQuery({
    queryKey: printingKeys.stations,
    queryFn: ({ signal }) => api<StationsAnswer>('/kitchen/stations', { signal }),
    select: (answer) => answer.stations,
  });
}

function usePrintersChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: printingKeys.printers });
}

/** Adds a printer (`id` null) or saves one. */
export function useSavePrinter() {
  const changed = usePrintersChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PrinterBody }) =>
      id === null
        ? api<Printer>('/printers', { body })
        : api<Printer>(printerPath(id), { method: 'PUT', body }),
    onSuccess: changed,
  });
}

export function useArchivePrinter() {
  const changed = usePrintersChanged();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(printerPath(id), { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** Queues a network printer's test page; answers its job, whose state the queue follows. */
export function useQueueTestPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PrintJob>(`${printerPath(id)}/test`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printingKeys.jobs }),
  });
}

/** A printer's test page as ESC/POS bytes (for a device printer). */
export async function testPageBytes(id: string): Promise<Uint8Array> {
  const blob = await api<Blob>(`${printerPath(id)}/test-escpos`, { responseType: 'blob' });
  return new Uint8Array(await blob.arrayBuffer());
}
