import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProvisionalBill } from '../../../shared/schemas/bill-print.schemas';
import type { TableList } from '../../../shared/schemas/tables.schemas';
import type {
  Printer,
  PrintJobs,
  ProvisionalPrintAnswer,
} from '../../../shared/schemas/printing.schemas';
import { parseUpiPayUri } from '../../../shared/upi';
import { paiseToRupeesString } from '../../../shared/money';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dumpEscpos, type EscposDump } from './escpos/escpos-dump';
import {
  errorOf,
  fakePrinter,
  ok,
  printerBody,
  printingAs,
  type FakePrinter,
} from './printing.test-support';

/**
 * The provisional bill on paper (docs/printing.md, "Provisional bill"): printed before payment
 * on the branch's network bill printers (through the print queue, to a stand-in printer on
 * 127.0.0.1) or on a device's own printer (its bytes in the answer), marked not a tax invoice,
 * with the UPI QR of its grand total, each print of the open order numbered.
 */
let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof printingAs>;
let staff: ReturnType<typeof printingAs>;
let theirs: ReturnType<typeof printingAs>;
let paneer: string;
let printer: FakePrinter;
let lan: Printer;

const PROFILE = {
  regime: 'regular' as const,
  gstin: '27AAPFU0939F1ZV',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 0,
  invoicePrefix: 'DC',
};
const VPA = 'spiceroute@okaxis';

const words = (dump: EscposDump) => dump.printed.map((line) => line.text.trim()).join('\n');

beforeAll(async () => {
  t = await createTestApp({
    env: { PRINTER_ALLOWED_NETWORKS: '127.0.0.1/32', PRINT_RETRY_DELAYS_MS: '0,0' },
  });
  mine = await createBranchFixture(t.database.db, { taxProfile: PROFILE });
  other = await createBranchFixture(t.database.db);
  manager = printingAs(callsAs(t.app, await loginAs(t.app, mine.manager.email)));
  staff = printingAs(callsAs(t.app, await loginAs(t.app, mine.staff.email)));
  theirs = printingAs(callsAs(t.app, await loginAs(t.app, other.manager.email)));
  paneer = (
    await ok<{ id: string }>(
      manager.call('POST', '/api/products', {
        name: 'पनीर टिक्का',
        pricePaise: 19_050,
        subcategory: 'Mains',
        ingredients: [],
      }),
      201,
    )
  ).id;
  await ok(manager.saveReceiptSettings({ upiVpa: VPA, footer: null }));
  printer = await fakePrinter();
  lan = await ok<Printer>(
    manager.addPrinter(
      printerBody({
        name: 'Counter LAN',
        connection: 'network',
        host: '127.0.0.1',
        port: printer.port,
      }),
    ),
    201,
  );
});
afterAll(async () => {
  await t?.close();
  await printer?.close();
});

async function tableWith(quantity: number) {
  const table = await ok<{ id: string }>(
    manager.call('POST', '/api/tables', { label: `T${randomUUID().slice(0, 6)}` }),
    201,
  );
  for (let n = 0; n < quantity; n++) {
    await ok(
      staff.call('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: paneer,
        delta: 1,
      }),
    );
  }
  return table.id;
}

const print = (as: ReturnType<typeof printingAs>, tableId: string, body: object = {}) =>
  as.call('POST', `/api/tables/${tableId}/provisional-bill/print`, body);

describe('POST /api/tables/:tableId/provisional-bill/print', () => {
  it('prints the grand total with GST on the network printer, not a tax invoice, with its UPI QR', async () => {
    const tableId = await tableWith(2);
    const bill = await ok<ProvisionalBill>(
      staff.call('GET', `/api/tables/${tableId}/provisional-bill?discountPercent=10`),
    );
    const answer = await ok<ProvisionalPrintAnswer>(
      print(staff, tableId, { discountPercent: '10' }),
      201,
    );
    expect(answer).toMatchObject({ printNumber: 1, totalPaise: bill.totalPaise, escpos: null });
    expect(answer.jobs.map((job) => [job.kind, job.printerName, job.state])).toEqual([
      ['provisional', 'Counter LAN', 'queued'],
    ]);
    // 2 × ₹190.50 − 10 % = ₹342.90 + 5 % GST ₹17.14 = ₹360.04, rounded to ₹360.00.
    expect(bill.totalPaise).toBe(36_000);

    await t.app.deps.printQueue.drain();
    const dump = dumpEscpos(await printer.reception(1));
    const text = words(dump);
    expect(text).toContain('PROVISIONAL BILL');
    expect(text).toContain('NOT A TAX INVOICE');
    expect(text).not.toContain('Bill No.');
    expect(text).toMatch(/GRAND TOTAL\s+Rs\. 360\.00/);
    expect(dump.qrcodes).toHaveLength(1);
    const upi = parseUpiPayUri(dump.qrcodes[0]!);
    expect(upi).toMatchObject({ pa: VPA, am: paiseToRupeesString(bill.totalPaise), cu: 'INR' });
    // The Hindi item name prints as a picture.
    expect(dump.images.length).toBeGreaterThan(0);
    expect(dump.pulses).toBe(0);

    const jobs = await ok<PrintJobs>(staff.jobs());
    expect(jobs.items.find((job) => job.id === answer.jobs[0]!.id)).toMatchObject({
      state: 'printed',
      provisional: { printNumber: 1 },
    });
  });

  it('numbers each print of the open order, reprints marked; a new order starts again at 1', async () => {
    const tableId = await tableWith(1);
    const numbers: number[] = [];
    for (let n = 0; n < 3; n++) {
      numbers.push((await ok<ProvisionalPrintAnswer>(print(staff, tableId), 201)).printNumber);
    }
    expect(numbers).toEqual([1, 2, 3]);
    await t.app.deps.printQueue.drain();
    const last = words(dumpEscpos(printer.received.at(-1)!));
    expect(last).toContain('REPRINT - print 3');

    // Parallel prints take distinct numbers.
    const parallel = await Promise.all([print(staff, tableId), print(manager, tableId)]);
    const taken = parallel.map(
      (response) => (response.json() as ProvisionalPrintAnswer).printNumber,
    );
    expect(taken.sort()).toEqual([4, 5]);

    // Paid and opened again: the new order's first print is 1.
    const bill = await ok<ProvisionalBill>(
      staff.call('GET', `/api/tables/${tableId}/provisional-bill`),
    );
    await ok(
      staff.call('POST', `/api/tables/${tableId}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: bill.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: bill.totalPaise }],
      }),
      201,
    );
    t.clock.advance(1000);
    await ok(
      staff.call('POST', `/api/tables/${tableId}/lines`, {
        opId: randomUUID(),
        productId: paneer,
        delta: 1,
      }),
    );
    expect((await ok<ProvisionalPrintAnswer>(print(staff, tableId), 201)).printNumber).toBe(1);
    await t.app.deps.printQueue.drain();
  });

  it('shows the table as billed on the floor until its order changes', async () => {
    const tableId = await tableWith(1);
    const billed = async () =>
      (await ok<TableList>(staff.call('GET', '/api/tables'))).items.find(
        (table) => table.id === tableId,
      )!.billPrinted;
    expect(await billed()).toBe(false);
    await ok(print(staff, tableId), 201);
    expect(await billed()).toBe(true);
    await ok(
      staff.call('POST', `/api/tables/${tableId}/lines`, {
        opId: randomUUID(),
        productId: paneer,
        delta: 1,
      }),
    );
    expect(await billed()).toBe(false);
    await t.app.deps.printQueue.drain();
  });

  it("answers a device printer's bytes and records the print, never queueing it", async () => {
    const usb = await ok<Printer>(
      manager.addPrinter(printerBody({ name: 'Tab USB', connection: 'usb', paperWidth: 58 })),
      201,
    );
    const tableId = await tableWith(1);
    const answer = await ok<ProvisionalPrintAnswer>(
      print(staff, tableId, { devicePrinterId: usb.id }),
      201,
    );
    expect(answer.jobs.map((job) => [job.printerName, job.state])).toEqual([
      ['Tab USB', 'printed'],
    ]);
    const dump = dumpEscpos(Buffer.from(answer.escpos!, 'base64'));
    expect(words(dump)).toContain('PROVISIONAL BILL');
    for (const line of dump.printed) expect(line.columns).toBeLessThanOrEqual(32);
    // A network printer or a KOT printer is not a device's bill printer.
    expect(errorOf(await print(staff, tableId, { devicePrinterId: lan.id })).code).toBe(
      'printing.printer_not_found',
    );
    await manager.removePrinter(usb.id);
  });

  it('refuses another branch, an empty table, bad input and a branch with no bill printer', async () => {
    const tableId = await tableWith(1);
    expect((await print(theirs, tableId)).statusCode).toBe(404);
    const empty = await ok<{ id: string }>(
      manager.call('POST', '/api/tables', { label: `E${randomUUID().slice(0, 6)}` }),
      201,
    );
    expect((await print(staff, empty.id)).statusCode).toBe(400);
    const bad = await print(staff, tableId, { discountPercent: '120', serviceCharge: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(
      expect.arrayContaining(['discountPercent', 'serviceCharge']),
    );
    expect((await print(staff, tableId, { devicePrinterId: 'x' })).statusCode).toBe(400);

    const theirTable = await ok<{ id: string }>(
      theirs.call('POST', '/api/tables', { label: 'T1' }),
      201,
    );
    await ok(
      theirs.call('POST', `/api/tables/${theirTable.id}/lines`, {
        opId: randomUUID(),
        productId: (
          await ok<{ id: string }>(
            theirs.call('POST', '/api/products', {
              name: 'Chai',
              pricePaise: 2_000,
              subcategory: 'Drinks',
              ingredients: [],
            }),
            201,
          )
        ).id,
        delta: 1,
      }),
    );
    const none = await print(theirs, theirTable.id);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).code).toBe('printing.no_bill_printer');
  });
});
