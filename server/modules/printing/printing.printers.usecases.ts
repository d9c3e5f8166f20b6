// Printers of a branch: list, add, change, archive (docs/printing.md, "Printers").
import { MAX_PRINTERS, type PaperWidth, type PrinterConnection } from '../../../shared/printing';
import { type Printer, type PrinterInput } from '../../../shared/schemas/printing.schemas';
import type { Db, DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { resolvePrinterHost, type PrinterNetworks } from './printer-networks';
import {
  hostNotAllowed,
  hostNotFound,
  printerNotFound,
  stationsNotFound,
  tooManyPrinters,
} from './printing.errors';
import * as repo from './printing.repository';

interface Actor {
  db: Db;
  clock: Clock;
  branchId: string;
  userId: string;
}

export function printerOf(row: repo.PrinterRow): Printer {
  return {
    ...row,
    paperWidth: row.paperWidth as PaperWidth,
    connection: row.connection as PrinterConnection,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Printers
// ---------------------------------------------------------------------------------------------

export async function listPrinters({ db, branchId }: { db: Db; branchId: string }) {
  return { items: (await repo.livePrinters(db, branchId)).map(printerOf) };
}

/** How long saving a printer may wait for its LAN name to resolve. */
const SAVE_LOOKUP_MS = 2_000;

/**
 * What a printer's saved settings must hold beyond their shape: its stations live ones of the
 * branch (400 naming kotStationIds), and a network printer's host an address the server may
 * print to (400 naming host).
 */
async function checkPrinter(
  db: DbOrTx,
  branchId: string,
  printer: PrinterInput,
  networks: PrinterNetworks,
) {
  const stations = printer.kotStationIds;
  if ((await repo.countLiveStations(db, branchId, stations)) !== stations.length) {
    throw stationsNotFound();
  }
  if (printer.connection === 'network' && printer.host !== null) {
    const resolved = await resolvePrinterHost(printer.host, networks, SAVE_LOOKUP_MS);
    if (!resolved.ok && resolved.reason === 'not_found') throw hostNotFound(printer.host);
    if (!resolved.ok) throw hostNotAllowed(resolved.addresses[0] ?? printer.host);
  }
}

/** The audit's view of a printer's settings. */
const settingsOf = (printer: PrinterInput | repo.PrinterRow) => ({
  name: printer.name,
  paperWidth: printer.paperWidth,
  connection: printer.connection,
  host: printer.host,
  port: printer.port,
  printsBills: printer.printsBills,
  printsKots: printer.printsKots,
  kotStationIds: printer.kotStationIds,
  copies: printer.copies,
  cashDrawer: printer.cashDrawer,
});

export async function addPrinter({
  db,
  clock,
  branchId,
  userId,
  printer,
  networks,
}: Actor & { printer: PrinterInput; networks: PrinterNetworks }): Promise<Printer> {
  await checkPrinter(db, branchId, printer, networks);
  return db.transaction(async (tx) => {
    await repo.lockBranchPrinters(tx, branchId);
    if ((await repo.countLivePrinters(tx, branchId)) >= MAX_PRINTERS) throw tooManyPrinters();
    // Stations may have gone since the check above (outside the transaction: a name lookup).
    await checkStations(tx, branchId, printer.kotStationIds);
    const at = clock();
    const row = await repo.insertPrinter(tx, branchId, printer, at);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.create',
      entity: 'printer',
      entityId: row.id,
      data: settingsOf(printer),
      at,
    });
    return printerOf(row);
  });
}

async function checkStations(db: DbOrTx, branchId: string, stationIds: string[]) {
  if ((await repo.countLiveStations(db, branchId, stationIds)) !== stationIds.length) {
    throw stationsNotFound();
  }
}

export async function updatePrinter({
  db,
  clock,
  branchId,
  userId,
  printerId,
  printer,
  networks,
}: Actor & {
  printerId: string;
  printer: PrinterInput;
  networks: PrinterNetworks;
}): Promise<Printer> {
  const found = await repo.findPrinter(db, branchId, printerId);
  if (!found || found.archivedAt) throw printerNotFound();
  await checkPrinter(db, branchId, printer, networks);
  return db.transaction(async (tx) => {
    await repo.lockBranchPrinters(tx, branchId);
    const before = await repo.findPrinter(tx, branchId, printerId);
    if (!before || before.archivedAt) throw printerNotFound();
    await checkStations(tx, branchId, printer.kotStationIds);
    const at = clock();
    const row = (await repo.updatePrinter(tx, branchId, printerId, printer, at))!;
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.update',
      entity: 'printer',
      entityId: printerId,
      data: { from: settingsOf(before), to: settingsOf(printer) },
      at,
    });
    return printerOf(row);
  });
}

/** Archives a printer: its jobs keep its name; jobs still queued fail when their turn comes. */
export function archivePrinter({
  db,
  clock,
  branchId,
  userId,
  printerId,
}: Actor & { printerId: string }): Promise<void> {
  return db.transaction(async (tx) => {
    const at = clock();
    const row = await repo.archivePrinter(tx, branchId, printerId, at);
    if (!row) throw printerNotFound();
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'printer.archive',
      entity: 'printer',
      entityId: printerId,
      data: { name: row.name },
      at,
    });
  });
}

export async function livePrinter(db: DbOrTx, branchId: string, printerId: string) {
  const printer = await repo.findPrinter(db, branchId, printerId);
  if (!printer || printer.archivedAt) throw printerNotFound();
  return printer;
}
