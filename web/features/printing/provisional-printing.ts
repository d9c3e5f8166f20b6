import { useQuery } from '@tanstack/react-query';
import type { ProvisionalPrintBody } from '../../../shared/schemas/bill-print.schemas';
import type { ProvisionalPrintAnswer } from '../../../shared/schemas/printing.schemas';
import { api } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../lib/form-feedback';
import { printersQuery } from '../../lib/printing-queries';
import { deviceCode, pairedFor, printsInWindow } from './device-printing';

/** base64 (the answer's ESC/POS bytes) to bytes. */
function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * "Print bill" before payment (docs/printing.md, "Provisional bill"): on this device's paired
 * USB or serial bill printer, else on the branch's network bill printers (the server's queue),
 * each print of the open order numbered. `onPrinter` is false when the print window is the
 * printer (a 'browser' printer switched on here, or no bill printer at all, or the printers not
 * known yet): the app then opens the provisional bill's printout, from the click itself.
 */
export function useProvisionalPrinting() {
  const printers = useQuery(printersQuery);
  const items = printers.data?.items ?? [];
  const device = pairedFor(items, 'bill')[0] ?? null;
  const network = items.some((printer) => printer.connection === 'network' && printer.printsBills);
  return {
    onPrinter: !printsInWindow(items, 'bill') && (device !== null || network),
    print: async (tableId: string, body: ProvisionalPrintBody = {}) => {
      const { writeToPairedDevice, failureDetail, TEXT } = await deviceCode();
      try {
        const answer = await api<ProvisionalPrintAnswer>(
          `/tables/${encodeURIComponent(tableId)}/provisional-bill/print`,
          { method: 'POST', body: device ? { ...body, devicePrinterId: device.id } : body },
        );
        if (device && answer.escpos) await writeToPairedDevice(device.id, bytesOf(answer.escpos));
        const names = [...new Set(answer.jobs.map((job) => job.printerName))].join(', ');
        notifySuccess(TEXT.provisionalSent(names, answer.printNumber));
      } catch (error) {
        notifyFailure(TEXT.provisionalFailed, failureDetail(error));
      }
    },
  };
}
