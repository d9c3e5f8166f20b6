import { MAX_TEST_PRINTS_PER_HOUR } from '../../../shared/constants';
import { MAX_PRINTERS } from '../../../shared/printing';
import { PRINTING_TEXT } from '../../../shared/schemas/printing.schemas';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';

/** The printing module's messages, each written once. */
export const PRINTING_MESSAGES = {
  printerNotFound: 'Printer not found',
  jobNotFound: 'Print job not found',
  kotNotFound: 'KOT not found',
  tooManyPrinters: `A branch may have at most ${MAX_PRINTERS} printers`,
  tooManyTestPages: `This printer has printed ${MAX_TEST_PRINTS_PER_HOUR} test pages in the last hour. Try again later.`,
  hostNotAllowed: (address: string) =>
    `The server may not print to ${address}: enter the printer’s address on the restaurant’s network (e.g. 192.168.1.50)`,
  hostNotFound: (host: string) =>
    `No printer named ${host} was found on the network: enter its IP address (e.g. 192.168.1.50)`,
  notNetwork: 'This printer prints from a device: print its test page from that device',
  notRetryable: (state: string) =>
    state === 'printed'
      ? 'This job has printed already: reprint the bill or KOT instead'
      : `This job is ${state === 'sending' ? 'being sent' : 'waiting to print'}: only a failed job can be sent again`,
  printerArchived: 'The printer of this job was removed',
  printerRequired: 'Choose the printer to print on',
  noBillPrinter:
    'No printer prints bills: add one in Settings → Printers, or print from this device’s print window',
} as const;

// Another branch's printer, job, bill or KOT answers like one that does not exist.
export const printerNotFound = () =>
  notFound('printing.printer_not_found', PRINTING_MESSAGES.printerNotFound);
export const jobNotFound = () => notFound('printing.job_not_found', PRINTING_MESSAGES.jobNotFound);
export const kotNotFound = () => notFound('printing.kot_not_found', PRINTING_MESSAGES.kotNotFound);

export const tooManyPrinters = () =>
  conflict('printing.too_many_printers', PRINTING_MESSAGES.tooManyPrinters, {
    name: PRINTING_MESSAGES.tooManyPrinters,
  });

/** kotStationIds names a station that is not a live one of the branch. */
export const stationsNotFound = () =>
  badRequest('printing.station_not_found', PRINTING_TEXT.stations, {
    kotStationIds: PRINTING_TEXT.stations,
  });

export const hostNotAllowed = (address: string) =>
  badRequest('printing.host_not_allowed', PRINTING_MESSAGES.hostNotAllowed(address), {
    host: PRINTING_MESSAGES.hostNotAllowed(address),
  });

export const hostNotFound = (host: string) =>
  badRequest('printing.host_not_found', PRINTING_MESSAGES.hostNotFound(host), {
    host: PRINTING_MESSAGES.hostNotFound(host),
  });

export const notNetworkPrinter = () =>
  conflict('printing.not_network', PRINTING_MESSAGES.notNetwork);

export const jobNotRetryable = (state: string) =>
  conflict('printing.not_failed', PRINTING_MESSAGES.notRetryable(state));

export const printerArchived = () =>
  conflict('printing.printer_archived', PRINTING_MESSAGES.printerArchived);

/** A provisional bill asked with no network bill printer and no device printer named. */
export const noBillPrinter = () =>
  conflict('printing.no_bill_printer', PRINTING_MESSAGES.noBillPrinter);

export const printerRequired = () =>
  badRequest('validation_failed', PRINTING_MESSAGES.printerRequired, {
    printer: PRINTING_MESSAGES.printerRequired,
  });

/** A printer's MAX_TEST_PRINTS_PER_HOUR-th test page in an hour was the last (429). */
export const tooManyTestPages = () =>
  new AppError(429, 'printing.too_many_test_pages', PRINTING_MESSAGES.tooManyTestPages);
