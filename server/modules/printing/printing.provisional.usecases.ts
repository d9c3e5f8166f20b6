import type { ProvisionalPrint } from '../../../shared/schemas/bill-print.schemas';
import type { ProvisionalPrintAnswer } from '../../../shared/schemas/printing.schemas';
import { tablePaymentReference, upiPayUri } from '../../../shared/upi';
import type { DbOrTx } from '../../db/client';
import type { ZonedActor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { publishBranchEvent } from '../../lib/events';
import { provisionalBill } from '../billing/billing.provisional.usecases';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { markBillPrinted } from '../tables/tables.usecases';
import { provisionalEscpos } from './escpos';
import { noBillPrinter, printerNotFound } from './printing.errors';
import * as provisionalRepo from './printing.provisional.repository';
import * as repo from './printing.repository';
import { columnsOf } from './printing.bytes.usecases';
import { getReceiptSettings, jobOf } from './printing.usecases';

/**
 * The provisional bill on paper (docs/printing.md, "Provisional bill"): the guest asks for the
 * bill and it prints at the counter, with the UPI QR of its exact total, before payment.
 *
 * POST /api/tables/:tableId/provisional-bill/print works the table's bill out now (the GET's
 * figures), numbers this print of the open order (1, then reprints 2, 3 …, counted on paper and
 * in the audit), and prints it on the device's own printer when one is named (its bytes come
 * back, the job recorded as printed) or else on every live network printer that prints bills
 * (queued jobs, sent by the print queue). 404 for another branch's table or printer, 400 for an
 * empty table, 409 when there is no printer to print on.
 */
export async function printProvisionalBill({
  db,
  clock,
  branchId,
  timeZone,
  userId,
  tableId,
  discountBps,
  serviceCharge,
  devicePrinterId,
}: ZonedActor & {
  tableId: string;
  discountBps: number;
  serviceCharge: boolean;
  devicePrinterId: string | undefined;
}): Promise<ProvisionalPrintAnswer> {
  const bill = await provisionalBill({
    db,
    clock,
    branchId,
    timeZone,
    tableId,
    discountBps,
    serviceCharge,
  });
  return db.transaction(async (tx) => {
    const device = devicePrinterId ? await devicePrinter(tx, branchId, devicePrinterId) : null;
    const targets = device ? [device] : await provisionalRepo.networkBillPrinters(tx, branchId);
    if (targets.length === 0) throw noBillPrinter();
    await provisionalRepo.lockProvisionalPrints(tx, branchId, tableId);
    const at = clock();
    const openedAt = bill.openedAt ? new Date(bill.openedAt) : at;
    const printNumber =
      (await provisionalRepo.lastProvisionalPrint(tx, branchId, tableId, openedAt)) + 1;
    const provisional: ProvisionalPrint = { bill, printNumber };
    const ids: string[] = [];
    for (const printer of targets) {
      ids.push(
        await provisionalRepo.insertProvisionalJob(tx, {
          branchId,
          printerId: printer.id,
          provisional,
          createdBy: userId,
          at,
          printed: device !== null,
        }),
      );
    }
    const jobs = await repo.jobsByIds(tx, branchId, ids);
    await markBillPrinted({ db: tx, branchId, tableId, version: bill.version });
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'bill.provisional_print',
      entity: 'table',
      entityId: tableId,
      data: {
        table: bill.tableLabel,
        printNumber,
        totalPaise: bill.totalPaise,
        printers: jobs.map((job) => job.printerName),
      },
      at,
    });
    if (!device) await repo.notifySenders(tx, branchId);
    await publishBranchEvent(tx, branchId, { type: 'print.changed', billId: null, kotId: null });
    const escpos = device
      ? Buffer.from(
          await provisionalBytes({ db: tx, branchId, provisional, printer: device }),
        ).toString('base64')
      : null;
    return { printNumber, totalPaise: bill.totalPaise, jobs: jobs.map(jobOf), escpos };
  });
}

/** A live usb or serial printer of the branch that prints bills; any other answers 404. */
async function devicePrinter(tx: DbOrTx, branchId: string, printerId: string) {
  const printer = await repo.findPrinter(tx, branchId, printerId);
  const device = printer?.connection === 'usb' || printer?.connection === 'serial';
  if (!printer || printer.archivedAt || !device || !printer.printsBills) throw printerNotFound();
  return printer;
}

/** A provisional bill's bytes for `printer`: the QR of its total, the branch's footer. */
export async function provisionalBytes({
  db,
  branchId,
  provisional,
  printer,
}: {
  db: DbOrTx;
  branchId: string;
  provisional: ProvisionalPrint;
  printer: { paperWidth: number };
}): Promise<Uint8Array> {
  const settings = await getReceiptSettings({ db, branchId });
  const { bill } = provisional;
  const upiUri =
    settings.upiVpa && bill.totalPaise > 0
      ? upiPayUri({
          vpa: settings.upiVpa,
          payeeName: (await getBranchSettings({ db, branchId })).name,
          amountPaise: bill.totalPaise,
          billNumber: tablePaymentReference(bill.tableLabel),
        })
      : null;
  return provisionalEscpos({
    provisional,
    columns: columnsOf(printer.paperWidth),
    upiUri,
    footer: settings.footer,
  });
}
