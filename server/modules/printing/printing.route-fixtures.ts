import { v7 as uuidv7 } from 'uuid';
import {
  bills,
  kitchenStations,
  kotTickets,
  kots,
  printers,
  printJobs,
  tables,
} from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

/**
 * The printing routes: printers, print jobs, receipt settings, a bill's reprint and the
 * ESC/POS bytes of a bill or KOT. The foreign id is a printer, a failed job, a bill, a KOT (and
 * its table) of the other branch at once, so whichever a route reads exists there and not here.
 */
export const routeFixture: RouteFixture = {
  prefixes: [
    '/api/printers',
    '/api/print-jobs',
    '/api/receipt-settings',
    '/api/bills/{billId}/print',
    '/api/bills/{billId}/escpos',
    '/api/kots/{kotId}/escpos',
  ],
  foreignId: async ({ db, theirs }) => {
    const id = uuidv7();
    const branchId = theirs.branchId;
    await db.insert(tables).values({ branchId, id, label: `Their ${id}` });
    await db.insert(bills).values({
      branchId,
      id,
      tableId: id,
      tableLabel: 'Theirs',
      number: `THEIRS/2026-27/${id}`,
      financialYear: '2026-27',
      businessDate: '2026-11-22',
      subtotalPaise: 1000,
      totalPaise: 1000,
      method: 'Due',
      status: 'Due',
      responsible: 'Their guest',
      idempotencyKey: uuidv7(),
    });
    await db.insert(kitchenStations).values({ branchId, id, name: `Their station ${id}` });
    await db.insert(kots).values({
      branchId,
      id,
      businessDate: '2026-01-01',
      number: 1 + Math.floor(Math.random() * 2 ** 30),
      opId: id,
      tableId: id,
      tableLabel: 'Theirs',
      sentByName: 'Them',
    });
    await db
      .insert(kotTickets)
      .values({ branchId, id, kotId: id, stationId: id, stationName: 'Their station' });
    await db.insert(printers).values({
      branchId,
      id,
      name: 'Their printer',
      paperWidth: 80,
      connection: 'network',
      host: '192.168.1.50',
      port: 9100,
      printsBills: true,
    });
    // Failed, so a retry that ignored the branch would queue it (and answer 200).
    await db
      .insert(printJobs)
      .values({ branchId, id, printerId: id, kind: 'bill', billId: id, state: 'failed' });
    return id;
  },
  validBody: (_method, path) =>
    path.startsWith('/api/printers/')
      ? {
          name: 'Counter',
          paperWidth: 80,
          connection: 'browser',
          printsBills: true,
          printsKots: false,
        }
      : {},
};
