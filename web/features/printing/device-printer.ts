/**
 * Writing ESC/POS bytes to a printer of this device (docs/printing.md, "Device printers"):
 * WebUSB for a USB receipt printer, WebSerial for a serial or Bluetooth (SPP) one, both offered
 * by Chrome and Edge. A printer is chosen once (the browser asks the user, which needs a
 * click), remembered per printer id in localStorage, and found again without asking through
 * `getDevices()` / `getPorts()`, which list what this site was already granted.
 */

import { pairingOf, rememberPairing, type DevicePairing } from './device-pairing';
import { PRINTING_TEXT as TEXT } from './printing-text';

// The few WebUSB and WebSerial types used here (TypeScript's DOM library has neither).
interface UsbEndpoint {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}
export interface UsbInterface {
  interfaceNumber: number;
  alternates: { endpoints: UsbEndpoint[] }[];
}
interface UsbDevice {
  vendorId: number;
  productId: number;
  serialNumber?: string;
  productName?: string;
  opened: boolean;
  configuration: { interfaces: UsbInterface[] } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(number: number): Promise<void>;
  releaseInterface(number: number): Promise<void>;
  transferOut(endpoint: number, data: BufferSource): Promise<{ status: string }>;
}
interface Usb {
  requestDevice(options: { filters: object[] }): Promise<UsbDevice>;
  getDevices(): Promise<UsbDevice[]>;
}
interface SerialPortLike {
  getInfo(): { usbVendorId?: number; usbProductId?: number };
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
interface Serial {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

const usbApi = (): Usb | undefined => (navigator as Navigator & { usb?: Usb }).usb;
const serialApi = (): Serial | undefined => (navigator as Navigator & { serial?: Serial }).serial;

/** Which device connections this browser offers. */
export function deviceSupport(): { usb: boolean; serial: boolean } {
  return {
    usb: typeof navigator !== 'undefined' && usbApi() !== undefined,
    serial: typeof navigator !== 'undefined' && serialApi() !== undefined,
  };
}

export class DevicePrinterError extends Error {
  override name = 'DevicePrinterError';
}

/** A failed print's detail: a device not found also says how to pair it again. */
export const failureDetail = (error: unknown): string =>
  error instanceof DevicePrinterError
    ? `${error.message} ${TEXT.devicePrinterMissing}`
    : (error as Error).message;

/** Asks the user to choose the printer (call from a click) and remembers it for `printerId`. */
export async function choosePrinterDevice(
  printerId: string,
  kind: 'usb' | 'serial',
): Promise<void> {
  if (kind === 'usb') {
    const usb = usbApi();
    if (!usb) throw new DevicePrinterError('WebUSB is not available in this browser.');
    const device = await usb.requestDevice({ filters: [] });
    rememberPairing(printerId, {
      kind,
      vendorId: device.vendorId,
      productId: device.productId,
      serialNumber: device.serialNumber,
      label: device.productName,
    });
    return;
  }
  const serial = serialApi();
  if (!serial) throw new DevicePrinterError('WebSerial is not available in this browser.');
  const port = await serial.requestPort();
  const info = port.getInfo();
  rememberPairing(printerId, { kind, vendorId: info.usbVendorId, productId: info.usbProductId });
}

async function findUsb(pairing: DevicePairing): Promise<UsbDevice | null> {
  const devices = (await usbApi()?.getDevices()) ?? [];
  return (
    devices.find(
      (device) =>
        device.vendorId === pairing.vendorId &&
        device.productId === pairing.productId &&
        (pairing.serialNumber === undefined || device.serialNumber === pairing.serialNumber),
    ) ?? null
  );
}

async function findSerial(pairing: DevicePairing): Promise<SerialPortLike | null> {
  const ports = (await serialApi()?.getPorts()) ?? [];
  const same = ports.filter((port) => {
    const info = port.getInfo();
    return info.usbVendorId === pairing.vendorId && info.usbProductId === pairing.productId;
  });
  // A Bluetooth port has no USB ids: the only granted port is ours.
  return same[0] ?? (ports.length === 1 ? ports[0]! : null);
}

/**
 * Where a USB printer takes its bytes: the first interface with a bulk OUT endpoint (a receipt
 * printer's printer-class interface; some also offer a vendor or HID interface without one).
 */
export function bulkOutEndpoint(
  interfaces: readonly UsbInterface[],
): { iface: number; endpoint: number } | null {
  for (const iface of interfaces) {
    const out = iface.alternates[0]?.endpoints.find(
      (endpoint) => endpoint.direction === 'out' && endpoint.type === 'bulk',
    );
    if (out) return { iface: iface.interfaceNumber, endpoint: out.endpointNumber };
  }
  return null;
}

/** The largest piece sent in one USB transfer (printers' buffers are small). */
const USB_CHUNK = 4096;

async function writeUsb(device: UsbDevice, bytes: Uint8Array) {
  if (!device.opened) await device.open();
  try {
    if (device.configuration === null) await device.selectConfiguration(1);
    const target = bulkOutEndpoint(device.configuration?.interfaces ?? []);
    if (!target) throw new DevicePrinterError('This USB device has no printer output.');
    await device.claimInterface(target.iface);
    try {
      for (let at = 0; at < bytes.length; at += USB_CHUNK) {
        const result = await device.transferOut(target.endpoint, bytes.slice(at, at + USB_CHUNK));
        if (result.status !== 'ok') throw new DevicePrinterError(`USB transfer ${result.status}`);
      }
    } finally {
      await device.releaseInterface(target.iface).catch(() => undefined);
    }
  } finally {
    await device.close().catch(() => undefined);
  }
}

async function writeSerial(port: SerialPortLike, bytes: Uint8Array) {
  await port.open({ baudRate: 9600 });
  try {
    if (!port.writable) throw new DevicePrinterError('The serial port cannot be written.');
    const writer = port.writable.getWriter();
    try {
      await writer.write(bytes);
    } finally {
      writer.releaseLock();
    }
  } finally {
    await port.close().catch(() => undefined);
  }
}

/**
 * Writes `bytes` to the device remembered for `printerId`, without asking the user (after a
 * sale). Throws DevicePrinterError when it is not paired or not connected.
 */
export async function writeToPairedDevice(printerId: string, bytes: Uint8Array): Promise<void> {
  const pairing = pairingOf(printerId);
  if (!pairing || pairing.kind === 'browser') {
    throw new DevicePrinterError('No printer of this device is paired.');
  }
  if (pairing.kind === 'usb') {
    const device = await findUsb(pairing);
    if (!device) throw new DevicePrinterError('The USB printer is not connected.');
    await writeUsb(device, bytes);
    return;
  }
  const port = await findSerial(pairing);
  if (!port) throw new DevicePrinterError('The serial printer is not connected.');
  await writeSerial(port, bytes);
}
