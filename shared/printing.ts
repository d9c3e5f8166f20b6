/**
 * Receipt and kitchen printers (docs/printing.md): what a printer is and what a print job goes
 * through. Pure facts both sides share; the ESC/POS bytes are made on the server
 * (server/modules/printing/escpos/).
 */

/** Thermal paper widths sold in India and the characters a line holds in the printer's font A. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/**
 * How a printer is reached: `network` a LAN printer at IP:port, printed by the server (raw
 * TCP, port 9100 by convention); the others are printers of one device, printed by its
 * browser: `browser` its print window (any printer the system has), `usb` WebUSB, `serial`
 * WebSerial (both where the browser offers them: Chrome and Edge on a computer or Android).
 */
export const PRINTER_CONNECTIONS = ['network', 'browser', 'usb', 'serial'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];

/** The raw-printing port of network receipt printers (HP JetDirect / "port 9100"). */
export const DEFAULT_PRINTER_PORT = 9100;
/** Most copies of one job (a bill for the guest and one for the books, ...). */
export const MAX_COPIES = 5;
/** Most printers a branch may have. */
export const MAX_PRINTERS = 20;

/**
 * What a job prints: a bill, one station's part of a KOT, a printer's test page, a day's report,
 * or a table's provisional bill (before payment: not a tax invoice).
 */
export const PRINT_JOB_KINDS = ['bill', 'kot', 'test', 'report', 'provisional'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/**
 * A job's life: `queued` (written with its bill or KOT, waiting for the printer), `sending`
 * (a server process has it, until its lease ends), `printed` (the printer took every byte),
 * `failed` (every try failed: the reason is kept, and it can be sent again).
 */
export const PRINT_JOB_STATES = ['queued', 'sending', 'printed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** Tries of one job before it is `failed`, and the waits between them (ms). */
export const PRINT_RETRY_DELAYS_MS = [2_000, 10_000] as const;
export const PRINT_MAX_ATTEMPTS = PRINT_RETRY_DELAYS_MS.length + 1;
