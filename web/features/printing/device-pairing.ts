/**
 * Which of the branch's printers this device is paired with (a USB or serial device chosen in
 * Settings → Printers, or its print window), remembered in the browser. Small and synchronous:
 * the waiters' screens read it at once; the code that talks to the devices
 * (device-printer.ts) loads at the first print.
 */

/** What is remembered of a chosen device, to find it again among the granted ones. */
export interface DevicePairing {
  kind: 'usb' | 'serial' | 'browser';
  vendorId?: number;
  productId?: number;
  serialNumber?: string;
  /** What the device calls itself, shown on the printer's card. */
  label?: string;
}

const PAIRING_PREFIX = 'tf-device-printer:';
const pairingKey = (printerId: string) => `${PAIRING_PREFIX}${printerId}`;

export function pairingOf(printerId: string): DevicePairing | null {
  try {
    const raw = window.localStorage.getItem(pairingKey(printerId));
    return raw ? (JSON.parse(raw) as DevicePairing) : null;
  } catch {
    return null;
  }
}

/** Whether any printer is paired with this device (else nothing prints after a sale here). */
export function hasAnyPairing(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (window.localStorage.key(index)?.startsWith(PAIRING_PREFIX)) return true;
    }
  } catch {
    // No storage: nothing is paired.
  }
  return false;
}

export function rememberPairing(printerId: string, pairing: DevicePairing | null) {
  try {
    if (pairing) window.localStorage.setItem(pairingKey(printerId), JSON.stringify(pairing));
    else window.localStorage.removeItem(pairingKey(printerId));
  } catch {
    // Private mode or full storage: the device is asked for again next time.
  }
}
