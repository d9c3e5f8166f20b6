import {
  DEFAULT_PRINTER_PORT,
  type PaperWidth,
  type PrinterConnection,
} from '../../../shared/printing';
import {
  PRINTING_TEXT,
  printerBodySchema,
  type Printer,
  type PrinterBody,
} from '../../../shared/schemas/printing.schemas';

/** The printer form as typed. */
export interface PrinterFormValues {
  name: string;
  paperWidth: '58' | '80';
  connection: PrinterConnection;
  host: string;
  port: string;
  printsBills: boolean;
  printsKots: boolean;
  kotStationIds: string[];
  copies: number | string;
  cashDrawer: boolean;
}

export const PRINTER_FIELDS = [
  'name',
  'paperWidth',
  'connection',
  'host',
  'port',
  'printsBills',
  'printsKots',
  'kotStationIds',
  'copies',
  'cashDrawer',
] as const;

/** A new printer: the counter's 80 mm network receipt printer, or a printer as saved. */
export function printerFormValues(printer: Printer | null): PrinterFormValues {
  if (!printer) {
    return {
      name: '',
      paperWidth: '80',
      connection: 'network',
      host: '',
      port: String(DEFAULT_PRINTER_PORT),
      printsBills: true,
      printsKots: false,
      kotStationIds: [],
      copies: 1,
      cashDrawer: false,
    };
  }
  return {
    name: printer.name,
    paperWidth: String(printer.paperWidth) as '58' | '80',
    connection: printer.connection,
    host: printer.host ?? '',
    port: String(printer.port ?? DEFAULT_PRINTER_PORT),
    printsBills: printer.printsBills,
    printsKots: printer.printsKots,
    kotStationIds: printer.kotStationIds,
    copies: printer.copies,
    cashDrawer: printer.cashDrawer,
  };
}

/**
 * The request body for the values typed, checked with the API's own schema (its messages under
 * the fields), or the errors by field name.
 */
export function printerBody(
  values: PrinterFormValues,
):
  { body: PrinterBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const port = values.port.trim();
  const body: PrinterBody = {
    name: values.name,
    paperWidth: Number(values.paperWidth) as PaperWidth,
    connection: values.connection,
    host: values.connection === 'network' ? values.host : '',
    port: values.connection === 'network' && port !== '' ? Number(port) : DEFAULT_PRINTER_PORT,
    printsBills: values.printsBills,
    printsKots: values.printsKots,
    kotStationIds: values.printsKots ? values.kotStationIds : [],
    copies: typeof values.copies === 'number' ? values.copies : Number(values.copies),
    cashDrawer: values.cashDrawer,
  };
  const parsed = printerBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: Record<string, string> = {};
  // The schema asks for the address only once every field parses: say it with the others.
  if (body.connection === 'network' && body.host?.trim() === '') {
    errors.host = PRINTING_TEXT.hostRequired;
  }
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= issue.message;
  }
  return { errors };
}
