import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { SendKotAnswer, Station } from '../../../shared/schemas/kitchen.schemas';
import type { Printer, PrintJob, PrintJobs } from '../../../shared/schemas/printing.schemas';
import { MAX_TEST_PRINTS_PER_HOUR } from '../../../shared/constants';
import { openDatabase, type Database } from '../../db/client';
import { printers, printJobs } from '../../db/schema';
import { EVENTS_CHANNEL } from '../../lib/events';
import { Listener } from '../../lib/listen';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';
import { zReport } from './escpos/day-report.fixtures';
import { dumpEscpos } from './escpos/escpos-dump';
import { PrintQueue } from './print-queue';
import { PrinterNetworks } from './printer-networks';
import {
  closedPort,
  fakePrinter,
  kitchenAndMenu,
  ok,
  printerBody,
  printingAs,
  type FakePrinter,
} from './printing.test-support';
import { queueReportPrint } from './printing.usecases';

/**
 * The print sender against real printers' stand-ins (TCP servers on 127.0.0.1, which these
 * tests allow: PRINTER_ALLOWED_NETWORKS) and the real database. The app's sender does not run
 * by itself in tests: each test sends with `drain()`, so what was printed is known exactly.
 */
// Small, so a frozen printer fails fast; ample for a printer on this machine to take a receipt.
const TIMEOUT_MS = 1_000;
let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof printingAs>;
let staff: ReturnType<typeof printingAs>;
let bills: ReturnType<typeof billsAs>;
let dosa: string;
let soda: string;
let kitchenStation: Station;
const fakes: FakePrinter[] = [];
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PRINTER_ALLOWED_NETWORKS: '127.0.0.1/32',
      PRINT_RETRY_DELAYS_MS: '0,0',
      PRINT_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  mine = await createBranchFixture(t.database.db);
  const managerCookie = await loginAs(t.app, mine.manager.email);
  manager = printingAs(callsAs(t.app, managerCookie));
  staff = printingAs(callsAs(t.app, await loginAs(t.app, mine.staff.email)));
  bills = billsAs(t.app, managerCookie);
  ({ kitchen: kitchenStation, dosa, soda } = await kitchenAndMenu(manager, bills));
});
afterAll(async () => {
  await t.close();
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function printer(mode: 'prints' | 'hangs' = 'prints') {
  const fake = await fakePrinter(mode);
  fakes.push(fake);
  return fake;
}

/** A network printer of the branch at `port` of 127.0.0.1 (bills by default). */
const addPrinter = (port: number, changes: Record<string, unknown> = {}) =>
  ok<Printer>(
    manager.addPrinter(
      printerBody({
        name: `LAN ${port}`,
        connection: 'network',
        host: '127.0.0.1',
        port,
        ...changes,
      }),
    ),
    201,
  );

/** Every printer of the branch removed, so each test's bills print on its own printers only. */
async function removePrinters() {
  const { items } = await ok<{ items: Printer[] }>(manager.printers());
  for (const item of items) await manager.removePrinter(item.id);
}

const payCash = () =>
  bills.bill({
    items: [[dosa, 1]],
    status: 'Settled',
    payments: (total) => [{ method: 'Cash', amountPaise: total }],
  });

const jobsOfBill = async (bill: Bill) =>
  (await ok<PrintJobs>(staff.jobs(`?billId=${bill.id}`))).items;

/** Another sender on the same database, as another server process (or this one restarted) has. */
function newSender(database: Database = t.database) {
  return new PrintQueue({
    database,
    clock: t.clock,
    log: t.app.log,
    networks: new PrinterNetworks(['127.0.0.1/32']),
    timeoutMs: TIMEOUT_MS,
    leaseMs: 60_000,
    scanMs: 600_000,
    retryDelaysMs: [0, 0],
  });
}

const drain = () => t.app.deps.printQueue.drain();

describe('the print sender', () => {
  it('prints a paid bill after the payment: every copy, the drawer kicked only for cash; print.changed once printed', async () => {
    await removePrinters();
    const fake = await printer();
    await addPrinter(fake.port, { copies: 2, cashDrawer: true });
    const events: { type: string; billId?: string }[] = [];
    const listener = new Listener(t.database, t.app.log, {
      channel: EVENTS_CHANNEL,
      applicationName: 'print-queue-test',
      onMessage: (payload) => {
        const raw = JSON.parse(payload) as unknown;
        for (const notice of (Array.isArray(raw) ? raw : [raw]) as { event: never }[]) {
          events.push(notice.event);
        }
      },
    });
    await listener.start();
    try {
      const cash = await payCash();
      // Nothing is sent in the payment: the sender sends after the commit.
      expect(fake.received).toHaveLength(0);
      expect((await jobsOfBill(cash)).map((job) => job.state)).toEqual(['queued']);
      await drain();
      expect(fake.received).toHaveLength(1);
      const printed = dumpEscpos(fake.received[0]!);
      expect(printed.cuts).toBe(2);
      expect(printed.pulses).toBe(1);
      expect(printed.printed.filter((line) => line.text.includes(cash.number)).length).toBe(2);
      const [job] = await jobsOfBill(cash);
      expect(job).toMatchObject({ state: 'printed', attempts: 1, error: null });
      expect(job!.printedAt).not.toBeNull();
      await vi.waitFor(() =>
        expect(
          events.filter((event) => event.type === 'print.changed' && event.billId === cash.id)
            .length,
        ).toBeGreaterThanOrEqual(1),
      );

      const upi = await bills.bill({
        items: [[dosa, 1]],
        status: 'Settled',
        payments: (total) => [{ method: 'UPI', amountPaise: total }],
      });
      await drain();
      expect(fake.received).toHaveLength(2);
      expect(dumpEscpos(fake.received[1]!).pulses).toBe(0);
      expect((await jobsOfBill(upi))[0]!.state).toBe('printed');

      // Printed again on request: DUPLICATE, every copy, the drawer left shut.
      await ok(staff.reprintBill(cash.id), 201);
      await drain();
      expect(fake.received).toHaveLength(3);
      const duplicate = dumpEscpos(fake.received[2]!);
      expect(duplicate.pulses).toBe(0);
      expect(duplicate.cuts).toBe(2);
      expect(duplicate.printed.some((line) => line.text.includes('DUPLICATE'))).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('prints a KOT’s part on the printer of its station only', async () => {
    await removePrinters();
    const fake = await printer();
    await addPrinter(fake.port, {
      printsBills: false,
      printsKots: true,
      kotStationIds: [kitchenStation.id],
    });
    const table = await ok<{ id: string }>(
      staff.call('POST', '/api/tables', { label: `Q-${randomUUID().slice(0, 6)}` }),
      201,
    );
    for (const [productId, delta] of [
      [dosa, 2],
      [soda, 1],
    ] as const) {
      await ok(
        staff.call('POST', `/api/tables/${table.id}/lines`, {
          opId: randomUUID(),
          productId,
          delta,
        }),
      );
    }
    const { kot } = await ok<SendKotAnswer>(
      staff.call('POST', `/api/tables/${table.id}/kots`, { opId: randomUUID() }),
    );
    await drain();
    expect(fake.received).toHaveLength(1);
    const text = dumpEscpos(fake.received[0]!).printed.map((line) => line.text);
    expect(text.some((line) => line.includes('Masala Dosa'))).toBe(true);
    expect(text.some((line) => line.includes('Lime Soda'))).toBe(false);

    // A reprint prints REPRINT, on the same printer only.
    await ok(staff.call('POST', `/api/kots/${kot!.id}/reprint`));
    await drain();
    expect(fake.received).toHaveLength(2);
    const again = dumpEscpos(fake.received[1]!).printed.map((line) => line.text);
    expect(again.some((line) => line.includes('REPRINT'))).toBe(true);
    expect(again.some((line) => line.includes('Lime Soda'))).toBe(false);
    const jobs = (await ok<PrintJobs>(staff.jobs(`?kotId=${kot!.id}`))).items;
    expect(jobs.map((job) => [job.reprint, job.state])).toEqual([
      [true, 'printed'],
      [false, 'printed'],
    ]);
  });

  it('fails a job after its tries when the printer refuses, the payment answered as ever; a retry prints it', async () => {
    await removePrinters();
    const port = await closedPort();
    const off = await addPrinter(port);
    const bill = await payCash(); // 201: billsAs checks it
    await drain();
    const [job] = await jobsOfBill(bill);
    expect(job).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: `Printer at 127.0.0.1:${port} refused the connection`,
      printedAt: null,
    });

    // The printer is back (at another port): the failed job is sent again on request.
    const fake = await printer();
    await ok(
      manager.updatePrinter(
        off.id,
        printerBody({ name: off.name, connection: 'network', host: '127.0.0.1', port: fake.port }),
      ),
    );
    const queued = await ok<PrintJob>(staff.retry(job!.id));
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, error: null });
    await drain();
    expect(fake.received).toHaveLength(1);
    expect((await jobsOfBill(bill))[0]).toMatchObject({ state: 'printed', attempts: 1 });
    const printedAgain = await staff.retry(job!.id);
    expect(printedAgain.statusCode).toBe(409);
  });

  it('fails a job whose printer accepts and then never answers, after its tries', async () => {
    await removePrinters();
    const frozen = await printer('hangs');
    await addPrinter(frozen.port);
    const bill = await payCash();
    await drain();
    expect((await jobsOfBill(bill))[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      error: `Printer at 127.0.0.1:${frozen.port} did not answer within 1 s`,
    });
  });

  it('refuses, when sending, an address outside the allowed networks (no retry)', async () => {
    await removePrinters();
    // Saved before the rules changed (the save checks it too): written straight to the table.
    const [row] = await t.database.db
      .insert(printers)
      .values({
        branchId: mine.branchId,
        name: 'Outside',
        paperWidth: 80,
        connection: 'network',
        host: '192.0.2.10',
        port: 9100,
        printsBills: true,
      })
      .returning({ id: printers.id });
    const bill = await payCash();
    await drain();
    expect((await jobsOfBill(bill))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'Printer at 192.0.2.10:9100: address not allowed (PRINTER_ALLOWED_NETWORKS)',
    });
    await manager.removePrinter(row!.id);
  });

  it('prints exactly once what was queued while no sender ran, and a job whose sender died mid-send', async () => {
    await removePrinters();
    const fake = await printer();
    await addPrinter(fake.port);
    const queuedBill = await payCash();
    const diedBill = await payCash();
    const heldBill = await payCash();
    const [died] = await jobsOfBill(diedBill);
    const [held] = await jobsOfBill(heldBill);
    // A sender took these and died: one lease ended, one still running.
    await t.database.db
      .update(printJobs)
      .set({ state: 'sending', attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(printJobs.id, died!.id));
    await t.database.db
      .update(printJobs)
      .set({ state: 'sending', attempts: 1, leaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(printJobs.id, held!.id));

    const restarted = newSender();
    try {
      await restarted.drain();
      await restarted.drain();
    } finally {
      await restarted.close();
    }
    expect(fake.received).toHaveLength(2);
    const numbers = fake.received.map((bytes) =>
      dumpEscpos(bytes).printed.some((line) => line.text.includes(queuedBill.number)),
    );
    expect(numbers.filter(Boolean)).toHaveLength(1);
    expect((await jobsOfBill(queuedBill))[0]).toMatchObject({ state: 'printed', attempts: 1 });
    expect((await jobsOfBill(diedBill))[0]).toMatchObject({ state: 'printed', attempts: 2 });
    // Its lease still runs: it belongs to its sender, nobody else sends it.
    expect((await jobsOfBill(heldBill))[0]).toMatchObject({ state: 'sending', attempts: 1 });
    await t.database.db
      .update(printJobs)
      .set({ state: 'printed', leaseUntil: null })
      .where(eq(printJobs.id, held!.id));
  });

  it('leaves nothing half-sent when closed mid-way: a new sender prints each job once', async () => {
    await removePrinters();
    const fake = await printer();
    const lan = await addPrinter(fake.port);
    const jobs: PrintJob[] = [];
    for (let n = 0; n < 5; n++) jobs.push(await ok<PrintJob>(manager.test(lan.id), 201));
    const first = newSender();
    const running = first.drain();
    await first.close();
    await running;
    const states = await t.database.db
      .select({ state: printJobs.state })
      .from(printJobs)
      .where(eq(printJobs.printerId, lan.id));
    expect(states.some((row) => row.state === 'sending')).toBe(false);
    const second = newSender();
    try {
      await second.drain();
    } finally {
      await second.close();
    }
    expect(fake.received).toHaveLength(5);
    const after = (await ok<PrintJobs>(staff.jobs())).items.filter((job) =>
      jobs.some((queued) => queued.id === job.id),
    );
    expect(after.map((job) => job.state)).toEqual(Array(5).fill('printed'));
  });

  it('wakes on the queue’s notification when started (no scan needed)', async () => {
    await removePrinters();
    const fake = await printer();
    await addPrinter(fake.port);
    const started = newSender();
    await started.start();
    try {
      const bill = await payCash();
      const bytes = await fake.reception(1);
      expect(dumpEscpos(bytes).printed.some((line) => line.text.includes(bill.number))).toBe(true);
      await vi.waitFor(async () => expect((await jobsOfBill(bill))[0]!.state).toBe('printed'));
    } finally {
      await started.close();
    }
  });

  it.skipIf(!onPostgres)('never sends a job twice with two senders on one database', async () => {
    await removePrinters();
    const fake = await printer();
    const lan = await addPrinter(fake.port);
    // As many test pages as a printer may print in an hour.
    const count = MAX_TEST_PRINTS_PER_HOUR;
    for (let n = 0; n < count; n++) await ok(manager.test(lan.id), 201);
    const otherProcess = await openDatabase({ databaseUrl: t.database.url!, poolSize: 4 });
    const a = newSender();
    const b = newSender(otherProcess);
    try {
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      await Promise.all([a.drain(), b.drain()]);
    } finally {
      await a.close();
      await b.close();
      await otherProcess.close();
    }
    expect(fake.received).toHaveLength(count);
    const rows = await t.database.db
      .select({ state: printJobs.state, attempts: printJobs.attempts })
      .from(printJobs)
      .where(eq(printJobs.printerId, lan.id));
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.state === 'printed' && row.attempts === 1)).toBe(true);
  });
});

describe('a day report', () => {
  const queueReport = (printerId: string, branchId = mine.branchId) =>
    t.database.db.transaction((tx) =>
      queueReportPrint(tx, {
        branchId,
        printerId,
        report: zReport,
        createdBy: mine.manager.id,
        at: t.clock(),
      }),
    );

  it('prints a Z report from what its job stored, with the printer’s copies; the job list shows it', async () => {
    await removePrinters();
    const fake = await printer();
    const lan = await addPrinter(fake.port, { printsBills: false, copies: 2 });
    const job = await queueReport(lan.id);
    expect(job).toMatchObject({
      kind: 'report',
      printerId: lan.id,
      billId: null,
      kotId: null,
      state: 'queued',
      copies: 2,
    });
    const listed = (await ok<PrintJobs>(staff.jobs())).items.find((item) => item.id === job.id);
    expect(listed).toMatchObject({ kind: 'report', billNumber: null, kotNumber: null });

    await drain();
    expect(fake.received).toHaveLength(1);
    const printed = dumpEscpos(fake.received[0]!);
    expect(printed.cuts).toBe(2);
    const text = printed.printed.map((line) => line.text).join('\n');
    expect(text.match(/Z REPORT - DAY CLOSE/g)).toHaveLength(2);
    expect(text).toMatch(/^Total +Rs\. 52,187\.00$/m);
    expect(text).toMatch(/^Difference +Rs\. 50\.00 SHORT$/m);
    const done = (await ok<PrintJobs>(staff.jobs())).items.find((item) => item.id === job.id);
    expect(done).toMatchObject({ state: 'printed', attempts: 1, error: null });
  });

  it('refuses a printer that is not a live network printer of the branch as not found', async () => {
    await removePrinters();
    const device = await ok<Printer>(manager.addPrinter(printerBody()), 201);
    const fake = await printer();
    const archived = await addPrinter(fake.port);
    await manager.removePrinter(archived.id);
    const other = await createBranchFixture(t.database.db);
    for (const [printerId, branchId] of [
      [device.id, mine.branchId],
      [archived.id, mine.branchId],
      [randomUUID(), mine.branchId],
      [device.id, other.branchId],
    ] as const) {
      await expect(queueReport(printerId, branchId)).rejects.toMatchObject({
        statusCode: 404,
        code: 'printing.printer_not_found',
      });
    }
    const rows = await t.database.db
      .select({ id: printJobs.id })
      .from(printJobs)
      .where(
        and(eq(printJobs.kind, 'report'), inArray(printJobs.printerId, [device.id, archived.id])),
      );
    expect(rows).toEqual([]);
  });
});
