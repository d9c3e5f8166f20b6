import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Printer } from '../../../shared/schemas/printing.schemas';
import { api } from '../../lib/api';
import { notifyFailure } from '../../lib/form-feedback';
import { printersQuery } from '../../lib/printing-queries';
import { hasAnyPairing, pairingOf } from './device-pairing';

/**
 * This device's printers after a sale (docs/printing.md, "Device printers"): a paired USB or
 * serial printer that prints bills gets the bill's ESC/POS bytes after a payment, one that
 * prints KOTs a KOT's after a send. Network printers are the server's (its queue prints them);
 * a 'browser' printer switched on for this device (Settings → Printers, "Print from this
 * device") is its print window: the app opens the bill's printout after a payment
 * (`printsInWindow`) and prints a KOT sent from here (`printsKotsInWindow`), the same printouts
 * as the Print buttons. A failure is a toast: the sale is already made.
 */

type Use = 'bill' | 'kot';

/**
 * The code that talks to a device (WebUSB, Web Serial) and the printing messages, loaded at the
 * first print: most devices never print, and a waiter's screen loads sooner without them.
 */
export const deviceCode = () =>
  Promise.all([import('./device-printer'), import('./printing-text')]).then(([printer, text]) => ({
    ...printer,
    TEXT: text.PRINTING_TEXT,
  }));

export const pairedFor = (printers: readonly Printer[], use: Use) =>
  printers.filter((printer) => {
    if (printer.connection !== 'usb' && printer.connection !== 'serial') return false;
    if (use === 'bill' ? !printer.printsBills : !printer.printsKots) return false;
    return pairingOf(printer.id)?.kind === printer.connection;
  });

async function bytesOf(path: string): Promise<Uint8Array> {
  const blob = await api<Blob>(path, { responseType: 'blob' });
  return new Uint8Array(await blob.arrayBuffer());
}

async function printOn(printers: readonly Printer[], use: Use, id: string) {
  const { writeToPairedDevice, failureDetail, TEXT } = await deviceCode();
  for (const printer of printers) {
    const path = `/${use === 'bill' ? 'bills' : 'kots'}/${encodeURIComponent(id)}/escpos?printer=${encodeURIComponent(printer.id)}`;
    try {
      const bytes = await bytesOf(path);
      // A KOT with no item for this printer's stations answers nothing to print.
      if (bytes.length > 0) await writeToPairedDevice(printer.id, bytes);
    } catch (error) {
      notifyFailure(
        use === 'bill' ? TEXT.deviceBillFailed(printer.name) : TEXT.deviceKotFailed(printer.name),
        failureDetail(error),
      );
    }
  }
}

/** A 'browser' printer of this use is switched on for this device: its print window prints. */
export const printsInWindow = (printers: readonly Printer[], use: Use) =>
  printers.some(
    (printer) =>
      printer.connection === 'browser' &&
      (use === 'bill' ? printer.printsBills : printer.printsKots) &&
      pairingOf(printer.id)?.kind === 'browser',
  );

/** What the app calls after a payment and after a KOT's send on this device. */
export function useDevicePrinting() {
  // A device with no printer of its own (most) does not ask for the printers at all.
  const [paired] = useState(hasAnyPairing);
  const printers = useQuery({ ...printersQuery, enabled: paired });
  const items = printers.data?.items ?? [];
  const inWindow = (use: Use) => printsInWindow(items, use);
  return {
    /** A 'browser' bill printer is switched on for this device: open the bill's print window. */
    printsInWindow: inWindow('bill'),
    /** A 'browser' KOT printer is switched on for this device: print each KOT sent from it. */
    printsKotsInWindow: inWindow('kot'),
    afterPayment: (billId: string) => {
      const paired = pairedFor(items, 'bill');
      if (paired.length > 0) void printOn(paired, 'bill', billId);
    },
    afterKotSent: (kotId: string) => {
      const paired = pairedFor(items, 'kot');
      if (paired.length > 0) void printOn(paired, 'kot', kotId);
    },
  };
}
