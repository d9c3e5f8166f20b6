import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRINTERS } from '../../../shared/printing';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { Kot, SendKotAnswer, Station } from '../../../shared/schemas/kitchen.schemas';
import type {
  Printer,
  PrintJob,
  PrintJobs,
  ReceiptSettings,
} from '../../../shared/schemas/printing.schemas';
import { parseUpiPayUri } from '../../../shared/upi';
import { auditLog, printJobs } from '../../db/schema';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';
import { dumpEscpos } from './escpos/escpos-dump';
import { errorOf, kitchenAndMenu, ok, printerBody, printingAs } from './printing.test-support';

/**
 * The printing routes with the default configuration (PRINTER_ALLOWED_NETWORKS: the private
 * ranges). The sender does not run here: jobs stay queued (print-queue.test.ts sends them).
 */
let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof printingAs>;
let staff: ReturnType<typeof printingAs>;
let theirs: ReturnType<typeof printingAs>;
let bills: ReturnType<typeof billsAs>;
let kitchenStation: Station;
let barStation: Station;
let theirStation: Station;
let dosa: string;
let soda: string;

beforeAll(async () => {
  t = await createTestApp();
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  const managerCookie = await loginAs(t.app, mine.manager.email);
  manager = printingAs(callsAs(t.app, managerCookie));
  staff = printingAs(callsAs(t.app, await loginAs(t.app, mine.staff.email)));
  const theirCookie = await loginAs(t.app, other.manager.email);
  theirs = printingAs(callsAs(t.app, theirCookie));
  bills = billsAs(t.app, managerCookie);
  ({ kitchen: kitchenStation, bar: barStation, dosa, soda } = await kitchenAndMenu(manager, bills));
  theirStation = await ok<Station>(
    theirs.call('POST', '/api/kitchen/stations', { name: 'Their kitchen' }),
    201,
  );
});
afterAll(() => t.close());

const add = (body: object, as = manager) => ok<Printer>(as.addPrinter(body), 201);

/** A 400 naming `field` (and only the first problem's field first). */
async function refused(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(400);
  return errorOf(answer);
}

describe('printers', () => {
  it('adds, lists, changes and archives printers, audited; staff list them', async () => {
    const network = await add(
      printerBody({
        name: 'Front counter',
        connection: 'network',
        host: '192.168.1.50',
        printsKots: true,
        kotStationIds: [kitchenStation.id, kitchenStation.id],
        copies: 2,
        cashDrawer: true,
      }),
    );
    expect(network).toMatchObject({
      name: 'Front counter',
      paperWidth: 80,
      connection: 'network',
      host: '192.168.1.50',
      port: 9100,
      printsBills: true,
      printsKots: true,
      kotStationIds: [kitchenStation.id],
      copies: 2,
      cashDrawer: true,
    });
    // A device's printer keeps no address, whatever was sent.
    const device = await add(
      printerBody({ name: 'Tablet', connection: 'usb', host: '10.0.0.9', paperWidth: 58 }),
    );
    expect(device).toMatchObject({ connection: 'usb', host: null, port: null, paperWidth: 58 });

    const listed = await ok<{ items: Printer[] }>(staff.printers());
    expect(listed.items.map((printer) => printer.id)).toEqual(
      expect.arrayContaining([network.id, device.id]),
    );
    expect((await ok<{ items: Printer[] }>(theirs.printers())).items).toEqual([]);

    const changed = await ok<Printer>(
      manager.updatePrinter(
        network.id,
        printerBody({
          name: 'Front counter',
          connection: 'network',
          host: '10.1.2.3',
          port: 9101,
          printsKots: false,
          kotStationIds: [kitchenStation.id],
        }),
      ),
    );
    // Not printing KOTs: no stations kept.
    expect(changed).toMatchObject({ host: '10.1.2.3', port: 9101, kotStationIds: [], copies: 1 });

    expect((await manager.removePrinter(device.id)).statusCode).toBe(200);
    const after = await ok<{ items: Printer[] }>(manager.printers());
    expect(after.items.map((printer) => printer.id)).not.toContain(device.id);
    expect((await manager.removePrinter(device.id)).statusCode).toBe(404);
    expect((await manager.updatePrinter(device.id, printerBody())).statusCode).toBe(404);

    const audit = await t.database.db
      .select({ action: auditLog.action, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'printer'), eq(auditLog.branchId, mine.branchId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['printer.create', 'printer.update', 'printer.archive']),
    );
    expect(audit.every((row) => row.userId === mine.manager.id)).toBe(true);
    await manager.removePrinter(network.id);
  });

  it('refuses malformed printers with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ paperWidth: 'wide' }, 'paperWidth'],
      [{ paperWidth: 76 }, 'paperWidth'],
      [{ name: 'x'.repeat(10_000) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'Bar\u0007printer' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ connection: 'wifi' }, 'connection'],
      [{ copies: 999 }, 'copies'],
      [{ copies: 1.5 }, 'copies'],
      [{ printsBills: 'yes' }, 'printsBills'],
      [{ connection: 'network', host: '192.168.1.50', port: 70_000 }, 'port'],
      [{ connection: 'network', host: '192.168.1.50', port: 1e300 }, 'port'],
      [{ connection: 'network' }, 'host'],
      [{ connection: 'network', host: '' }, 'host'],
      [{ connection: 'network', host: '192.168.1.50; rm -rf' }, 'host'],
      [{ connection: 'network', host: 'printer\n.local' }, 'host'],
      [{ connection: 'network', host: 'h'.repeat(300) }, 'host'],
      [{ printsKots: true, kotStationIds: ['not-a-uuid'] }, 'kotStationIds.0'],
      [{ printsKots: true, kotStationIds: 'all' }, 'kotStationIds'],
    ];
    for (const [changes, field] of cases) {
      const error = await refused(manager.addPrinter(printerBody(changes)));
      expect(Object.keys(error.fields ?? {}), JSON.stringify(changes)).toContain(field);
    }
    expect((await manager.call('POST', '/api/printers', [])).statusCode).toBe(400);
  });

  it('refuses a network address outside the allowed networks (loopback, link-local, public), naming host', async () => {
    for (const host of ['127.0.0.1', '8.8.8.8', '169.254.10.20', '::1', 'localhost', '0.0.0.0']) {
      const error = await refused(manager.addPrinter(printerBody({ connection: 'network', host })));
      expect(error.code, host).toBe('printing.host_not_allowed');
      expect(error.fields?.host, host).toMatch(/may not print to .*restaurant’s network/);
    }
    const name = await refused(
      manager.addPrinter(printerBody({ connection: 'network', host: 'no-such-printer.invalid' })),
    );
    expect(name.code).toBe('printing.host_not_found');
    expect(Object.keys(name.fields ?? {})).toEqual(['host']);
    // And on a change.
    const printer = await add(printerBody({ connection: 'network', host: '172.16.5.5' }));
    const changed = await refused(
      manager.updatePrinter(printer.id, printerBody({ connection: 'network', host: '8.8.4.4' })),
    );
    expect(changed.code).toBe('printing.host_not_allowed');
    await manager.removePrinter(printer.id);
  });

  it("refuses stations that are not the branch's live ones, naming kotStationIds", async () => {
    for (const stationId of [theirStation.id, randomUUID()]) {
      const error = await refused(
        manager.addPrinter(printerBody({ printsKots: true, kotStationIds: [stationId] })),
      );
      expect(error.fields).toEqual({ kotStationIds: expect.any(String) });
    }
  });

  it('answers 404 for another branch’s printer, and 403 to staff managing printers', async () => {
    const printer = await add(printerBody({ name: 'Mine' }));
    expect((await theirs.updatePrinter(printer.id, printerBody())).statusCode).toBe(404);
    expect((await theirs.removePrinter(printer.id)).statusCode).toBe(404);
    expect((await theirs.test(printer.id)).statusCode).toBe(404);
    expect((await theirs.testEscpos(printer.id)).statusCode).toBe(404);
    expect((await staff.addPrinter(printerBody())).statusCode).toBe(403);
    expect((await staff.updatePrinter(printer.id, printerBody())).statusCode).toBe(403);
    expect((await staff.removePrinter(printer.id)).statusCode).toBe(403);
    expect((await staff.test(printer.id)).statusCode).toBe(403);
    expect((await staff.saveReceiptSettings({ upiVpa: null })).statusCode).toBe(403);
    expect((await ok<{ items: Printer[] }>(manager.printers())).items.map((p) => p.id)).toContain(
      printer.id,
    );
    await manager.removePrinter(printer.id);
  });

  it(`allows at most ${MAX_PRINTERS} printers a branch (409 naming name)`, async () => {
    const third = await createBranchFixture(t.database.db);
    const as = printingAs(callsAs(t.app, await loginAs(t.app, third.manager.email)));
    for (let n = 0; n < MAX_PRINTERS; n++) await add(printerBody({ name: `P${n}` }), as);
    const refusedOne = await as.addPrinter(printerBody({ name: 'One more' }));
    expect(refusedOne.statusCode, refusedOne.body).toBe(409);
    expect(Object.keys(errorOf(refusedOne).fields ?? {})).toEqual(['name']);
  });
});

describe('receipt settings', () => {
  it('answers empty settings until saved, then what was saved (audited); a bad UPI id 400', async () => {
    expect(await ok<ReceiptSettings>(staff.receiptSettings())).toEqual({
      upiVpa: null,
      footer: null,
    });
    const saved = await ok<ReceiptSettings>(
      manager.saveReceiptSettings({
        upiVpa: ' demo.cafe@okhdfcbank ',
        footer: 'Thank you!\nVisit again',
      }),
    );
    expect(saved).toEqual({ upiVpa: 'demo.cafe@okhdfcbank', footer: 'Thank you!\nVisit again' });
    expect(await ok<ReceiptSettings>(staff.receiptSettings())).toEqual(saved);
    expect(await ok<ReceiptSettings>(theirs.receiptSettings())).toEqual({
      upiVpa: null,
      footer: null,
    });
    for (const [body, field] of [
      [{ upiVpa: 'not a vpa' }, 'upiVpa'],
      [{ upiVpa: 'x@y' }, 'upiVpa'],
      [{ upiVpa: 12 }, 'upiVpa'],
      [{ footer: 'f'.repeat(201) }, 'footer'],
      [{ footer: 'bell\u0007' }, 'footer'],
    ] as const) {
      const error = await refused(manager.saveReceiptSettings(body));
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'receipt_settings.update'), eq(auditLog.branchId, mine.branchId)),
      );
    expect(audit).toHaveLength(1);
  });
});

describe('print jobs', () => {
  it('queues a test page on a network printer (not on a device’s: 409), listed as queued', async () => {
    const network = await add(
      printerBody({ name: 'Kitchen LAN', connection: 'network', host: '192.168.0.20' }),
    );
    const device = await add(printerBody({ name: 'Browser' }));
    const job = await ok<PrintJob>(manager.test(network.id), 201);
    expect(job).toMatchObject({
      printerId: network.id,
      printerName: 'Kitchen LAN',
      kind: 'test',
      state: 'queued',
      attempts: 0,
      billId: null,
      kotId: null,
    });
    const refusedDevice = await manager.test(device.id);
    expect(refusedDevice.statusCode).toBe(409);
    expect(errorOf(refusedDevice).code).toBe('printing.not_network');
    const latest = await ok<PrintJobs>(staff.jobs());
    expect(latest.items[0]!.id).toBe(job.id);
    expect((await ok<PrintJobs>(theirs.jobs())).items).toEqual([]);

    // Only a failed job goes again.
    const notFailed = await staff.retry(job.id);
    expect(notFailed.statusCode).toBe(409);
    expect(errorOf(notFailed).message).toMatch(/only a failed job can be sent again/);
    expect((await theirs.retry(job.id)).statusCode).toBe(404);
    await manager.removePrinter(network.id);
    await manager.removePrinter(device.id);
  });

  it('queues a bill’s jobs with the payment, and a reprint as DUPLICATE jobs without the drawer', async () => {
    const printer = await add(
      printerBody({
        name: 'Bills LAN',
        connection: 'network',
        host: '192.168.0.30',
        copies: 2,
        cashDrawer: true,
      }),
    );
    const bill = await bills.bill({
      items: [[dosa, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    const first = await ok<PrintJobs>(staff.jobs(`?billId=${bill.id}`));
    expect(first.items).toEqual([
      expect.objectContaining({
        printerId: printer.id,
        kind: 'bill',
        billId: bill.id,
        billNumber: bill.number,
        reprint: false,
        copies: 2,
        state: 'queued',
      }),
    ]);
    const [firstRow] = await t.database.db
      .select({ openDrawer: printJobs.openDrawer })
      .from(printJobs)
      .where(eq(printJobs.id, first.items[0]!.id));
    expect(firstRow!.openDrawer).toBe(true);

    const reprint = await ok<PrintJobs>(staff.reprintBill(bill.id), 201);
    expect(reprint.items).toEqual([
      expect.objectContaining({ billId: bill.id, reprint: true, copies: 2, state: 'queued' }),
    ]);
    const [reprintRow] = await t.database.db
      .select({ openDrawer: printJobs.openDrawer })
      .from(printJobs)
      .where(eq(printJobs.id, reprint.items[0]!.id));
    expect(reprintRow!.openDrawer).toBe(false);
    expect((await ok<PrintJobs>(staff.jobs(`?billId=${bill.id}`))).items).toHaveLength(2);
    expect((await theirs.reprintBill(bill.id)).statusCode).toBe(404);
    expect((await ok<PrintJobs>(theirs.jobs(`?billId=${bill.id}`))).items).toEqual([]);
    await manager.removePrinter(printer.id);
  });

  it('queues REPRINT jobs of a KOT’s parts on the printers of their stations', async () => {
    const kitchenOnly = await add(
      printerBody({
        name: 'Kitchen KOTs',
        connection: 'network',
        host: '192.168.0.40',
        printsBills: false,
        printsKots: true,
        kotStationIds: [kitchenStation.id],
      }),
    );
    const kot = await sendKot([
      [dosa, 1],
      [soda, 2],
    ]);
    const sent = await ok<PrintJobs>(staff.jobs(`?kotId=${kot.id}`));
    expect(sent.items.map((job) => [job.stationName, job.reprint])).toEqual([['Kitchen', false]]);
    await ok<Kot>(staff.call('POST', `/api/kots/${kot.id}/reprint`));
    const after = await ok<PrintJobs>(staff.jobs(`?kotId=${kot.id}`));
    expect(after.items.map((job) => [job.stationName, job.kotNumber, job.reprint])).toEqual([
      ['Kitchen', kot.number, true],
      ['Kitchen', kot.number, false],
    ]);
    await manager.removePrinter(kitchenOnly.id);
  });
});

async function sendKot(items: [string, number][]): Promise<Kot> {
  const table = await ok<{ id: string }>(
    staff.call('POST', '/api/tables', { label: `K-${randomUUID().slice(0, 8)}` }),
    201,
  );
  for (const [productId, delta] of items) {
    await ok(
      staff.call('POST', `/api/tables/${table.id}/lines`, { opId: randomUUID(), productId, delta }),
    );
  }
  const answer = await ok<SendKotAnswer>(
    staff.call('POST', `/api/tables/${table.id}/kots`, { opId: randomUUID() }),
  );
  return answer.kot!;
}

describe('ESC/POS bytes for a device’s printer', () => {
  it('answers a bill’s bytes: the drawer with cash, the QR of what is due, the footer; DUPLICATE without the drawer', async () => {
    await ok(
      manager.saveReceiptSettings({ upiVpa: 'demo.cafe@okhdfcbank', footer: 'Visit again' }),
    );
    const printer = await add(printerBody({ name: 'USB', connection: 'usb', cashDrawer: true }));
    const paid = await bills.bill({
      items: [[dosa, 1]],
      status: 'Settled',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    const answer = await staff.billEscpos(paid.id, `?printer=${printer.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    const dump = dumpEscpos(answer.rawPayload);
    expect(dump.pulses).toBe(1);
    expect(dump.cuts).toBe(1);
    expect(dump.qrcodes).toEqual([]);
    expect(dump.printed.some((line) => line.text.includes('Visit again'))).toBe(true);
    expect(dump.printed.some((line) => line.text.includes(paid.number))).toBe(true);

    const again = dumpEscpos(
      (await staff.billEscpos(paid.id, `?printer=${printer.id}&reprint=true`)).rawPayload,
    );
    expect(again.pulses).toBe(0);
    expect(again.printed.some((line) => line.text.includes('DUPLICATE'))).toBe(true);

    const due = await bills.bill({ items: [[dosa, 2]], status: 'Due', responsible: 'Ravi' });
    const dueDump = dumpEscpos(
      (await staff.billEscpos(due.id, `?printer=${printer.id}`)).rawPayload,
    );
    expect(dueDump.pulses).toBe(0);
    expect(dueDump.qrcodes).toHaveLength(1);
    expect(parseUpiPayUri(dueDump.qrcodes[0]!)).toMatchObject({
      pa: 'demo.cafe@okhdfcbank',
      am: '240.00',
      tr: due.number,
    });

    const noPrinter = await staff.billEscpos(paid.id, '');
    expect(noPrinter.statusCode).toBe(400);
    expect(errorOf(noPrinter).fields).toEqual({ printer: expect.any(String) });
    expect((await staff.billEscpos(paid.id, '?printer=nope')).statusCode).toBe(400);
    expect((await staff.billEscpos(paid.id, `?printer=${randomUUID()}`)).statusCode).toBe(404);
    expect((await theirs.billEscpos(paid.id, `?printer=${printer.id}`)).statusCode).toBe(404);
    await manager.removePrinter(printer.id);
  });

  it('lets staff print only the bills they may read (today’s and Due ones), as GET /api/bills/:id', async () => {
    const printer = await add(printerBody({ name: 'Yesterday' }));
    const lan = await add(printerBody({ name: 'LAN', connection: 'network', host: '10.0.0.5' }));
    // Bills of two days ago (the clock set back while they are paid).
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    t.clock.advance(-twoDays);
    let settled: Bill;
    let due: Bill;
    try {
      settled = await bills.bill({
        items: [[dosa, 1]],
        status: 'Settled',
        payments: (total) => [{ method: 'UPI', amountPaise: total }],
      });
      due = await bills.bill({ items: [[dosa, 1]], status: 'Due', responsible: 'Asha' });
    } finally {
      t.clock.advance(twoDays);
    }
    expect((await staff.billEscpos(settled.id, `?printer=${printer.id}`)).statusCode).toBe(404);
    expect((await staff.reprintBill(settled.id)).statusCode).toBe(404);
    expect((await staff.billEscpos(due.id, `?printer=${printer.id}`)).statusCode).toBe(200);
    expect((await manager.billEscpos(settled.id, `?printer=${printer.id}`)).statusCode).toBe(200);
    const reprinted = await ok<PrintJobs>(manager.reprintBill(settled.id), 201);
    expect(reprinted.items.map((job) => job.printerId)).toEqual([lan.id]);
    await manager.removePrinter(printer.id);
    await manager.removePrinter(lan.id);
  });

  it('answers a KOT’s bytes: only the parts of the stations the printer prints (none: empty)', async () => {
    const kot = await sendKot([
      [dosa, 1],
      [soda, 1],
    ]);
    const everything = await add(printerBody({ name: 'All KOTs', printsKots: true }));
    const bar = await add(
      printerBody({ name: 'Bar KOTs', printsKots: true, kotStationIds: [barStation.id] }),
    );
    const stationsOf = async (printerId: string, query = '') => {
      const answer = await staff.kotEscpos(kot.id, `?printer=${printerId}${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return dumpEscpos(answer.rawPayload).printed.map((line) => line.text);
    };
    const all = await stationsOf(everything.id);
    expect(all.some((text) => text.includes('Kitchen'))).toBe(true);
    expect(all.some((text) => text.includes('Bar'))).toBe(true);
    const barOnly = await stationsOf(bar.id, '&reprint=true');
    expect(barOnly.some((text) => text.includes('Bar'))).toBe(true);
    expect(barOnly.some((text) => text.includes('Lime Soda'))).toBe(true);
    expect(barOnly.some((text) => text.includes('Masala Dosa'))).toBe(false);
    expect(barOnly.some((text) => text.includes('REPRINT'))).toBe(true);

    const kitchenOnlyKot = await sendKot([[dosa, 1]]);
    const none = await staff.kotEscpos(kitchenOnlyKot.id, `?printer=${bar.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.rawPayload.length).toBe(0);
    expect((await theirs.kotEscpos(kot.id, `?printer=${bar.id}`)).statusCode).toBe(404);
    await manager.removePrinter(everything.id);
    await manager.removePrinter(bar.id);
  });

  it('answers a test page’s bytes (manager)', async () => {
    const printer = await add(
      printerBody({ name: 'Serial 58', connection: 'serial', paperWidth: 58 }),
    );
    const answer = await manager.testEscpos(printer.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const dump = dumpEscpos(answer.rawPayload);
    expect(dump.printed.some((line) => line.text.includes('TEST PAGE'))).toBe(true);
    expect(dump.printed.every((line) => line.columns <= 32)).toBe(true);
    expect((await staff.testEscpos(printer.id)).statusCode).toBe(403);
    await manager.removePrinter(printer.id);
  });
});
