import { z } from 'zod';
import {
  DEFAULT_PRINTER_PORT,
  MAX_COPIES,
  PAPER_WIDTHS,
  PRINT_JOB_KINDS,
  PRINT_JOB_STATES,
  PRINTER_CONNECTIONS,
} from '../printing';
import { isValidVpa } from '../upi';
import { requiredText, safeString, uuidSchema } from './common.schemas';

/**
 * Printers, print jobs and what a receipt prints besides the bill (docs/printing.md).
 */

export const MAX_PRINTER_NAME = 40;
/** Longest printer host name (an IPv4/IPv6 address or a LAN name). */
export const MAX_PRINTER_HOST = 253;
/** The receipt's footer: a few short lines ("Thank you, visit again"). */
export const MAX_FOOTER = 200;
/** Most jobs GET /api/print-jobs answers. */
export const MAX_PRINT_JOBS = 100;

export const PRINTING_TEXT = {
  paperWidth: 'Paper width must be 58 or 80 mm',
  connection: 'Connection must be network, browser, usb or serial',
  host: 'Enter the printer’s IP address (e.g. 192.168.1.50)',
  hostRequired: 'A network printer needs its IP address',
  port: 'Port must be a whole number from 1 to 65535',
  copies: `Copies must be a whole number from 1 to ${MAX_COPIES}`,
  stations: 'Choose stations of this branch',
  vpa: 'Enter a UPI id like name@bank (e.g. democafe@okhdfcbank)',
} as const;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** A host as typed: an IP address or a LAN name, letters, digits, '.', '-', ':' (IPv6). */
const hostSchema = safeString('Host')
  .trim()
  .max(MAX_PRINTER_HOST, PRINTING_TEXT.host)
  .refine((value) => value === '' || /^[A-Za-z0-9.:-]+$/.test(value), PRINTING_TEXT.host);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/printers and PUT /api/printers/:printerId. A `network` printer needs `host`
 * (`port` 9100 unless said); the device connections keep neither. `kotStationIds` empty with
 * `printsKots` means every station's part.
 */
export const printerBodySchema = z
  .object({
    name: requiredText('Printer name', MAX_PRINTER_NAME),
    paperWidth: z.union(
      PAPER_WIDTHS.map((width) => z.literal(width)),
      { error: PRINTING_TEXT.paperWidth },
    ),
    connection: z.enum(PRINTER_CONNECTIONS, { error: PRINTING_TEXT.connection }),
    host: hostSchema.optional().default(''),
    port: z
      .number({ error: PRINTING_TEXT.port })
      .int(PRINTING_TEXT.port)
      .min(1, PRINTING_TEXT.port)
      .max(65535, PRINTING_TEXT.port)
      .default(DEFAULT_PRINTER_PORT),
    printsBills: flag('Prints bills'),
    printsKots: flag('Prints KOTs'),
    kotStationIds: z.array(uuidSchema).max(30, PRINTING_TEXT.stations).default([]),
    copies: z
      .number({ error: PRINTING_TEXT.copies })
      .int(PRINTING_TEXT.copies)
      .min(1, PRINTING_TEXT.copies)
      .max(MAX_COPIES, PRINTING_TEXT.copies)
      .default(1),
    cashDrawer: flag('Cash drawer').default(false),
  })
  .superRefine((value, ctx) => {
    if (value.connection === 'network' && value.host === '') {
      ctx.addIssue({ code: 'custom', path: ['host'], message: PRINTING_TEXT.hostRequired });
    }
  })
  .transform((value) => ({
    ...value,
    host: value.connection === 'network' ? value.host : null,
    port: value.connection === 'network' ? value.port : null,
    kotStationIds: value.printsKots ? [...new Set(value.kotStationIds)] : [],
  }));
export type PrinterBody = z.input<typeof printerBodySchema>;
export type PrinterInput = z.output<typeof printerBodySchema>;

export const printerIdParam = z.object({ printerId: uuidSchema });
export const printJobIdParam = z.object({ jobId: uuidSchema });

/** GET /api/print-jobs?billId=&kotId=: one bill's or KOT's jobs, else the branch's latest. */
export const printJobsQuerySchema = z.object({
  billId: uuidSchema.optional(),
  kotId: uuidSchema.optional(),
});

/** PUT /api/receipt-settings: the merchant UPI id for the bill's QR, and the bill's footer. */
export const receiptSettingsBodySchema = z.object({
  upiVpa: safeString('UPI id')
    .trim()
    .refine((value) => value === '' || isValidVpa(value), PRINTING_TEXT.vpa)
    .transform((value) => value || null)
    .nullable()
    .default(null),
  footer: safeString('Footer', { multiline: true })
    .trim()
    .max(MAX_FOOTER, `Footer must be at most ${MAX_FOOTER} characters`)
    .transform((value) => value || null)
    .nullable()
    .default(null),
});
export type ReceiptSettingsBody = z.input<typeof receiptSettingsBodySchema>;

/** GET /api/bills/:billId/escpos and GET /api/kots/:kotId/escpos: bytes for a device printer. */
export const escposQuerySchema = z.object({
  printer: uuidSchema,
  /** A reprint: DUPLICATE on a bill, REPRINT on a KOT. */
  reprint: z.enum(['true', 'false'], { error: 'Reprint must be true or false' }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  paperWidth: z.union(PAPER_WIDTHS.map((width) => z.literal(width))),
  connection: z.enum(PRINTER_CONNECTIONS),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  printsBills: z.boolean(),
  printsKots: z.boolean(),
  kotStationIds: z.array(z.string()),
  copies: z.number().int(),
  cashDrawer: z.boolean(),
  createdAt: z.string(),
});
export type Printer = z.infer<typeof printerSchema>;

export const printersSchema = z.object({ items: z.array(printerSchema) });
export type Printers = z.infer<typeof printersSchema>;

export const printJobSchema = z.object({
  id: z.string(),
  printerId: z.string(),
  printerName: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  billId: z.string().nullable(),
  /** The bill's number, for a bill's job. */
  billNumber: z.string().nullable(),
  kotId: z.string().nullable(),
  /** The KOT's number and the station of its part, for a KOT's job. */
  kotNumber: z.number().int().nullable(),
  stationName: z.string().nullable(),
  /** The table and print number of a provisional bill's job. */
  provisional: z.object({ tableLabel: z.string(), printNumber: z.number().int() }).nullable(),
  /** A reprint (DUPLICATE / REPRINT on paper). */
  reprint: z.boolean(),
  copies: z.number().int(),
  state: z.enum(PRINT_JOB_STATES),
  attempts: z.number().int(),
  /** Why the last try failed ('Printer did not answer within 5 s', ...). */
  error: z.string().nullable(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printJobsSchema = z.object({ items: z.array(printJobSchema) });

/**
 * The answer of POST /api/tables/:tableId/provisional-bill/print: which print of the open order
 * it was (1 the first), the total printed, its jobs, and for a device's printer its ESC/POS
 * bytes (base64) to write to it.
 */
export const provisionalPrintAnswerSchema = z.object({
  printNumber: z.number().int(),
  totalPaise: z.number().int(),
  jobs: z.array(printJobSchema),
  escpos: z.string().nullable(),
});
export type ProvisionalPrintAnswer = z.infer<typeof provisionalPrintAnswerSchema>;
export type PrintJobs = z.infer<typeof printJobsSchema>;

export const receiptSettingsSchema = z.object({
  upiVpa: z.string().nullable(),
  footer: z.string().nullable(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;
