// ESC/POS bytes of bills, KOTs, test pages and day reports: for the print sender and for
// device printers (docs/printing.md, "ESC/POS").
import { PAPER_COLUMNS, type PaperWidth } from '../../../shared/printing';
import type { BillPrint } from '../../../shared/schemas/billing.schemas';
import type { DayReport } from '../../../shared/schemas/cash.schemas';
import type { Kot } from '../../../shared/schemas/kitchen.schemas';
import { billUpiUri } from '../../../shared/upi';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { getBillForPrint } from '../billing/billing.usecases';
import { billEscpos, dayReportEscpos, kotEscpos, testPageEscpos } from './escpos';
import { kotNotFound, printerRequired } from './printing.errors';
import * as repo from './printing.repository';

import { livePrinter } from './printing.printers.usecases';
import { getReceiptSettings } from './printing.usecases';

// ---------------------------------------------------------------------------------------------
// ESC/POS bytes (device printers, and the sender)
// ---------------------------------------------------------------------------------------------

export const columnsOf = (paperWidth: number) => PAPER_COLUMNS[paperWidth as PaperWidth] as 32 | 48;

/** A bill's bytes for `printer`: its QR of the amount due, the branch's footer. */
export async function billBytes({
  db,
  branchId,
  bill,
  printer,
  reprint,
  openDrawer,
  copies,
}: {
  db: DbOrTx;
  branchId: string;
  bill: BillPrint;
  printer: { paperWidth: number };
  reprint: boolean;
  openDrawer: boolean;
  copies: number;
}): Promise<Uint8Array> {
  const settings = await getReceiptSettings({ db, branchId });
  return billEscpos({
    bill,
    columns: columnsOf(printer.paperWidth),
    reprint,
    openDrawer,
    upiUri: billUpiUri(bill, settings.upiVpa, bill.branch.name),
    footer: settings.footer,
    copies,
  });
}

/** A KOT's bytes for `printer`: the parts of `ticketIds` (null: every part). */
export async function kotBytes({
  db,
  branchId,
  kot,
  ticketIds,
  printer,
  reprint,
  copies,
}: {
  db: DbOrTx;
  branchId: string;
  kot: Kot;
  ticketIds: string[] | null;
  printer: { paperWidth: number };
  reprint: boolean;
  copies: number;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return kotEscpos({
    kot,
    ticketIds,
    columns: columnsOf(printer.paperWidth),
    reprint,
    copies,
    timeZone: branch.timeZone,
  });
}

export async function testPageBytes({
  db,
  branchId,
  printer,
  at,
}: {
  db: Db;
  branchId: string;
  printer: { name: string; paperWidth: number };
  at: Date;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return testPageEscpos({
    printerName: printer.name,
    branchName: branch.name,
    columns: columnsOf(printer.paperWidth),
    at,
    timeZone: branch.timeZone,
    paperWidth: printer.paperWidth as PaperWidth,
  });
}

/** A day report's bytes for `printer`, its times in the branch's zone. */
export async function reportBytes({
  db,
  branchId,
  report,
  printer,
  copies,
  printedAt,
}: {
  db: DbOrTx;
  branchId: string;
  report: DayReport;
  printer: { paperWidth: number };
  copies: number;
  printedAt: Date;
}): Promise<Uint8Array> {
  const branch = await getBranchSettings({ db, branchId });
  return dayReportEscpos({
    report,
    columns: columnsOf(printer.paperWidth),
    timeZone: branch.timeZone,
    printedAt,
    copies,
  });
}

/** GET /api/bills/:billId/escpos: the bill for a device's printer (404 as GET /api/bills/:id). */
export async function billEscposFor({
  db,
  clock,
  branchId,
  billId,
  anyDay,
  printerId,
  reprint,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  billId: string;
  anyDay: boolean;
  printerId: string | undefined;
  reprint: boolean;
}): Promise<Uint8Array> {
  const bill = await getBillForPrint({ db, clock, branchId, id: billId, anyDay });
  if (printerId === undefined) throw printerRequired();
  const printer = await livePrinter(db, branchId, printerId);
  return billBytes({
    db,
    branchId,
    bill,
    printer,
    reprint,
    // The drawer opens on a first print of a bill taken (partly) in cash.
    openDrawer:
      printer.cashDrawer &&
      !reprint &&
      bill.payments.some((payment) => payment.method === 'Cash' && payment.amountPaise > 0),
    copies: printer.copies,
  });
}

/**
 * GET /api/kots/:kotId/escpos: the KOT for a device's printer, only the parts of the stations
 * it prints (none chosen: all); empty when it prints none of them.
 */
export async function kotEscposFor({
  db,
  branchId,
  kotId,
  printerId,
  reprint,
}: {
  db: Db;
  branchId: string;
  kotId: string;
  printerId: string | undefined;
  reprint: boolean;
}): Promise<Uint8Array> {
  const kot = await repo.kotJson(db, branchId, kotId);
  if (!kot) throw kotNotFound();
  if (printerId === undefined) throw printerRequired();
  const printer = await livePrinter(db, branchId, printerId);
  let ticketIds: string[] | null = null;
  if (printer.printsKots && printer.kotStationIds.length > 0) {
    const stations = new Set(printer.kotStationIds);
    ticketIds = kot.tickets
      .filter((ticket) => ticket.stationId !== null && stations.has(ticket.stationId))
      .map((ticket) => ticket.id);
    if (ticketIds.length === 0) return new Uint8Array();
  }
  return kotBytes({ db, branchId, kot, ticketIds, printer, reprint, copies: printer.copies });
}

/** GET /api/printers/:printerId/test-escpos: a test page for a device's printer. */
export async function testEscposFor({
  db,
  clock,
  branchId,
  printerId,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  printerId: string;
}): Promise<Uint8Array> {
  const printer = await livePrinter(db, branchId, printerId);
  return testPageBytes({ db, branchId, printer, at: clock() });
}
