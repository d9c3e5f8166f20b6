import { MAX_COPIES, type PrinterConnection } from '../../../shared/printing';

/** What the printing screens say (Settings → Printers, the device printers' toasts). */
export const PRINTING_TEXT = {
  title: 'Printers',
  subtitle: 'Receipt and kitchen printers, the UPI QR on bills, and what was printed.',
  kitchenSettings: 'Kitchen settings',
  loading: 'Loading printers...',
  loadFailed: 'The printers could not be loaded.',
  printers: 'Printers',
  printersHint:
    'Network printers are printed by the server; the others by the device that makes the sale.',
  noPrinters: 'No printers yet',
  noPrintersHint: 'Add the counter’s receipt printer and the kitchen’s KOT printers.',
  add: 'Add printer',
  addTitle: 'Add printer',
  editTitle: (name: string) => `Edit ${name}`,
  edit: 'Edit',
  editLabel: (name: string) => `Edit ${name}`,
  archive: 'Archive',
  archiveLabel: (name: string) => `Archive ${name}`,
  archiveTitle: (name: string) => `Archive ${name}?`,
  archiveMessage:
    'It stops printing at once. Its past jobs keep its name; add it again to use it later.',
  archived: (name: string) => `${name} archived`,
  notArchived: 'Printer not archived',
  added: (name: string) => `${name} added`,
  saved: (name: string) => `${name} saved`,
  notSaved: 'Printer not saved',
  cancel: 'Cancel',
  save: 'Save',

  // The form
  name: 'Name',
  namePlaceholder: 'Counter, Kitchen, Bar...',
  paperWidth: 'Paper width',
  widthLabel: (mm: number) => `${mm} mm`,
  widthHint: { 58: '32 characters a line', 80: '48 characters a line' } as Record<number, string>,
  connection: 'How it is reached',
  connections: {
    network: 'Network (IP address)',
    browser: 'This device’s print window',
    usb: 'USB, from this device',
    serial: 'Serial / Bluetooth, from this device',
  } satisfies Record<PrinterConnection, string>,
  connectionShort: {
    network: 'Network',
    browser: 'Print window',
    usb: 'USB',
    serial: 'Serial',
  } satisfies Record<PrinterConnection, string>,
  connectionHint: {
    network: 'A LAN printer the server prints to, even when no device is open.',
    browser: 'Prints through this device’s print dialog: any printer the system has.',
    usb: 'A printer plugged into this device, printed by the browser (Chrome or Edge).',
    serial: 'A serial or Bluetooth printer of this device, printed by the browser.',
  } satisfies Record<PrinterConnection, string>,
  /** Why USB or serial is not offered; null when both are. */
  deviceOptionsMissing: (usb: boolean, serial: boolean) =>
    usb && serial
      ? 'USB and serial printers need Chrome or Edge on a computer; this browser reaches neither.'
      : usb
        ? 'USB printers need Chrome or Edge on a computer or Android; this browser cannot reach them.'
        : serial
          ? 'Serial and Bluetooth printers need Chrome or Edge on a computer; this browser cannot reach them.'
          : null,
  host: 'IP address',
  hostPlaceholder: '192.168.1.50',
  port: 'Port',
  portHint: '9100 for almost every receipt printer',
  printsBills: 'Prints bills',
  printsBillsHint: 'The bill after each payment, and reprints.',
  printsKots: 'Prints KOTs',
  printsKotsHint: 'The kitchen’s tickets when an order is sent.',
  stations: 'Stations',
  stationsPlaceholder: 'Every station',
  stationsHint: 'Leave empty to print every station’s part.',
  stationsFailed: 'Stations could not be loaded; this printer prints every station.',
  copies: 'Copies',
  copiesHint: `1 to ${MAX_COPIES} of each bill or KOT`,
  cashDrawer: 'Open the cash drawer',
  cashDrawerHint: 'Kicks the drawer plugged into this printer when a cash bill prints.',

  // A printer's card
  prints: 'Prints',
  printsWhat: (bills: boolean, kots: boolean, stations: string[]) =>
    [
      bills ? 'Bills' : null,
      kots
        ? stations.length > 0
          ? `KOTs (${stations.join(', ')})`
          : 'KOTs (every station)'
        : null,
    ]
      .filter(Boolean)
      .join(' · ') || 'Nothing yet',
  copiesCount: (count: number) => (count === 1 ? '1 copy' : `${count} copies`),
  drawer: 'Cash drawer',
  paired: 'Paired with this device',
  notPaired: 'Not paired with this device',
  thisDevicePrints: 'This device prints with it',
  printHere: 'Print from this device',
  thisDeviceHint: (bills: boolean, kots: boolean) =>
    `This device opens its print window ${[
      bills ? 'with the bill after each payment' : null,
      kots ? 'with each KOT it sends' : null,
    ]
      .filter(Boolean)
      .join(' and ')}.`,

  // Test print
  testPrint: 'Test print',
  testPrintLabel: (name: string) => `Test print on ${name}`,
  testQueued: (name: string) => `Test page sent to ${name}`,
  testFailed: 'Test page not printed',
  testPrinted: (name: string) => `${name} printed the test page`,
  testState: 'Test page',
  testPageTitle: 'TableFlow test page',
  testPageLines: (name: string, width: number) => [
    `Printer: ${name}`,
    `Paper: ${width} mm`,
    'If you can read this, the printer works.',
  ],
  pairTitle: 'Choose the printer',
  noDevice: 'No printer was chosen.',
  deviceUnsupported: 'This browser cannot reach USB or serial printers. Use Chrome or Edge.',
  deviceWritten: (name: string) => `${name} printed the test page`,

  // Receipt card
  receipt: 'Receipt',
  receiptHint: 'The UPI QR printed on bills with an amount due, and the bill’s last lines.',
  vpa: 'Merchant UPI id',
  vpaPlaceholder: 'democafe@okhdfcbank',
  vpaHint: 'Guests scan the QR to pay the exact amount due with any UPI app.',
  footer: 'Bill footer',
  footerPlaceholder: 'Thank you, visit again!',
  preview: 'Preview',
  previewAmount: 53_000,
  previewNote: 'A bill of ₹530.00 with nothing paid yet',
  noVpaPreview: 'Enter a UPI id to see the QR the bills print.',
  receiptSaved: 'Receipt settings saved',
  receiptNotSaved: 'Receipt settings not saved',
  receiptLoadFailed: 'The receipt settings could not be loaded.',
  scanToPay: 'Scan to pay with any UPI app',

  // Print queue
  queue: 'Print queue',
  queueHint: 'The latest jobs of the network printers. Updates live.',
  queueEmpty: 'Nothing printed yet',
  queueEmptyHint: 'Bills, KOTs and day reports for network printers show here as they print.',
  queueLoadFailed: 'The print queue could not be loaded.',
  jobWhat: (job: {
    kind: string;
    billNumber: string | null;
    kotNumber: number | null;
    stationName: string | null;
    provisional: { tableLabel: string; printNumber: number } | null;
    reprint: boolean;
  }) => {
    const what =
      job.kind === 'bill'
        ? `Bill ${job.billNumber ?? ''}`
        : job.kind === 'kot'
          ? `KOT ${job.kotNumber ?? ''}${job.stationName ? ` · ${job.stationName}` : ''}`
          : job.kind === 'report'
            ? 'Day report (X/Z)'
            : job.provisional
              ? `Provisional bill · ${job.provisional.tableLabel}`
              : 'Test page';
    return job.reprint ? `${what} (copy)` : what;
  },
  attempts: (count: number) => (count === 1 ? '1 try' : `${count} tries`),
  retry: 'Try again',
  retryLabel: (what: string) => `Try again: ${what}`,
  retried: 'Sent to the printer again',
  notRetried: 'Not sent again',

  // The provisional bill on a printer (before payment)
  provisionalSent: (printers: string, printNumber: number) =>
    `Bill sent to ${printers}${printNumber > 1 ? ` (print ${printNumber})` : ''}`,
  provisionalFailed: 'The bill did not print',

  // After a sale, this device's printers
  deviceBillFailed: (name: string) => `The bill did not print on ${name}`,
  deviceKotFailed: (name: string) => `The KOT did not print on ${name}`,
  devicePrinterMissing:
    'The printer is not connected to this device. Pair it again in Settings → Printers.',
} as const;
