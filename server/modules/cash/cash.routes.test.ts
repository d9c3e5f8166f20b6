import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCount, type CashCount } from '../../../shared/cash';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type {
  CloseDayAnswer,
  Counters,
  DayStatus,
  Shift,
  Shifts,
} from '../../../shared/schemas/cash.schemas';
import { outboxMails } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import { loginAs, PASSWORD, type BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';

/** docs/cash.md: shifts, the expected cash, approvals, day close and its lock. */
let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let theirs: ReturnType<typeof billsAs>;
let dish: string;
let counter: string;

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

/** A count of `rupees` in ₹100 notes and the rest in coins. */
function countOf(paise: number): CashCount {
  const count = emptyCount();
  count.notes['100'] = Math.floor(paise / 10_000);
  count.coinsPaise = paise % 10_000;
  return count;
}

const today = () => '2026-11-22';

async function open(as = manager, floatPaise = 200_000, counterId = counter) {
  return json<Shift>(
    await as.call('POST', '/api/cash/shifts', {
      counterId,
      openingCount: countOf(floatPaise),
      idempotencyKey: randomUUID(),
    }),
    201,
  );
}

async function entry(shiftId: string, kind: 'in' | 'out', amountPaise: number, as = manager) {
  return json<Shift>(
    await as.call('POST', `/api/cash/shifts/${shiftId}/entries`, {
      kind,
      amountPaise,
      reason: kind === 'in' ? 'Float top-up' : 'Petty expense',
      idempotencyKey: randomUUID(),
    }),
  );
}

const close = (shiftId: string, countedPaise: number, as = manager, extra: object = {}) =>
  as.call('POST', `/api/cash/shifts/${shiftId}/close`, {
    closingCount: countOf(countedPaise),
    note: 'Counted twice',
    ...extra,
  });

const payCash = (pricePaise: number) =>
  manager.bill({
    items: [[dish, pricePaise / 10_000]],
    status: 'Settled',
    payments: (total) => [{ method: 'Cash', amountPaise: total }],
  });

beforeAll(async () => {
  let two;
  ({ t, mine, manager, staff, theirs, ...two } = await createTwoBranchApp(billsAs));
  void two;
  dish = await manager.product(10_000, 'Thali');
  counter = (await json<Counters>(await staff.call('GET', '/api/cash/counters'))).items[0]!.id;
});
afterAll(() => t.close());

describe('counters', () => {
  it('gives a branch Counter 1, lets a manager add and rename counters, and keeps branches apart', async () => {
    const first = await json<Counters>(await manager.call('GET', '/api/cash/counters'));
    expect(first.items.map((c) => c.name)).toEqual(['Counter 1']);
    const bar = await json<{ id: string }>(
      await manager.call('POST', '/api/cash/counters', { name: 'Bar' }),
      201,
    );
    await json(await manager.call('POST', '/api/cash/counters', { name: 'bar' }), 409);
    await json(await manager.call('PATCH', `/api/cash/counters/${bar.id}`, { name: 'Bar 2' }));
    await json(await staff.call('POST', '/api/cash/counters', { name: 'Mine' }), 403);
    await json(await theirs.call('PATCH', `/api/cash/counters/${bar.id}`, { name: 'X' }), 404);
    const theirCounters = await json<Counters>(await theirs.call('GET', '/api/cash/counters'));
    expect(theirCounters.items.map((c) => c.name)).toEqual(['Counter 1']);
  });
});

describe('a shift', () => {
  it('opens with a counted float, takes cash bills and entries, and closes against the expected cash', async () => {
    const shift = await open(staff, 250_050);
    expect(shift.floatPaise).toBe(250_050);
    // Staff count blind: no expected cash while the shift is open.
    expect(shift.expectedPaise).toBeNull();
    await payCash(30_000);
    await manager.bill({
      items: [[dish, 2]],
      status: 'Settled',
      payments: (total) => [{ method: 'UPI', amountPaise: total }],
    });
    await entry(shift.id, 'out', 5_000, staff);
    await entry(shift.id, 'in', 1_000, staff);
    const live = (await json<Shifts>(await manager.call('GET', '/api/cash/shifts'))).items.find(
      (s) => s.id === shift.id,
    )!;
    expect(live).toMatchObject({
      cashReceivedPaise: 30_000,
      cashOutPaise: 5_000,
      cashInPaise: 1_000,
      expectedPaise: 250_050 + 30_000 - 5_000 + 1_000,
    });
    // ₹10 short: within the ₹100 limit, staff close it themselves.
    const closed = await json<Shift>(await close(shift.id, 276_050 - 1_000, staff));
    expect(closed).toMatchObject({
      status: 'closed',
      expectedPaise: 276_050,
      countedPaise: 275_050,
      differencePaise: -1_000,
      approvedBy: null,
      note: 'Counted twice',
    });
    // A retry answers the shift as closed; cash after the close is outside any shift.
    expect(await json<Shift>(await close(shift.id, 0, staff))).toMatchObject({
      countedPaise: 275_050,
    });
    await json(
      await staff.call('POST', `/api/cash/shifts/${shift.id}/entries`, {
        kind: 'out',
        amountPaise: 100,
        reason: 'Petty expense',
        idempotencyKey: randomUUID(),
      }),
      409,
    );
  });

  it('needs a manager’s PIN for a difference above the limit, and a manager approves their own', async () => {
    await json(await manager.call('PUT', '/api/cash/settings', { differenceLimitPaise: 5_000 }));
    await json(await staff.call('PUT', '/api/cash/settings', { differenceLimitPaise: 0 }), 403);
    await json(
      await manager.call('PUT', '/api/voids/pin', { currentPassword: PASSWORD, pin: '4321' }),
    );
    const shift = await open(staff, 100_000);
    const refused = await close(shift.id, 90_000, staff);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(JSON.parse(refused.body).error).toMatchObject({
      code: 'cash.approval_needed',
      message: 'This count does not match closely enough: a manager must approve it with their PIN',
    });
    const wrong = await close(shift.id, 90_000, staff, {
      approval: { managerId: mine.manager.id, pin: '0000' },
    });
    expect(wrong.statusCode).toBe(400);
    const approved = await json<Shift>(
      await close(shift.id, 90_000, staff, {
        approval: { managerId: mine.manager.id, pin: '4321' },
      }),
    );
    expect(approved).toMatchObject({ differencePaise: -10_000, approvedBy: expect.any(String) });

    const own = await open(manager, 100_000);
    const overByManager = await json<Shift>(await close(own.id, 120_000));
    expect(overByManager).toMatchObject({
      differencePaise: 20_000,
      approvedBy: expect.any(String),
    });
    await json(await manager.call('PUT', '/api/cash/settings', { differenceLimitPaise: 10_000 }));
  });

  it('opens once per counter under parallel requests, and a retried open answers the same shift', async () => {
    const key = randomUUID();
    const body = { counterId: counter, openingCount: countOf(1_000), idempotencyKey: key };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        staff.call('POST', '/api/cash/shifts', { ...body, idempotencyKey: randomUUID() }),
      ),
      manager.call('POST', '/api/cash/shifts', body),
      manager.call('POST', '/api/cash/shifts', body),
    ]);
    const opened = answers.filter((a) => a.statusCode === 201).map((a) => JSON.parse(a.body).id);
    expect(new Set(opened).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 409).length).toBe(answers.length - opened.length);
    const shifts = await json<Shifts>(await manager.call('GET', '/api/cash/shifts'));
    expect(shifts.items.filter((s) => s.status === 'open')).toHaveLength(1);
    await json(await close(opened[0], 1_000));
  });

  it('refuses bad counts and entries with a 400 naming the field, and writes nothing', async () => {
    const before = await json<Shifts>(await manager.call('GET', '/api/cash/shifts'));
    const huge = emptyCount();
    huge.notes['500'] = 100_000;
    const cases: [object, string, string][] = [
      [
        { counterId: counter, openingCount: huge, idempotencyKey: randomUUID() },
        'openingCount',
        'A count must add up to at most ₹1,00,00,000.00',
      ],
      [
        {
          counterId: counter,
          openingCount: { ...emptyCount(), coinsPaise: -1 },
          idempotencyKey: randomUUID(),
        },
        'openingCount.coinsPaise',
        'Coins must be a whole number of paise from 0 to 1000000000',
      ],
      [
        {
          counterId: counter,
          openingCount: { notes: { ...emptyCount().notes, '200': 1.5 }, coinsPaise: 0 },
          idempotencyKey: randomUUID(),
        },
        'openingCount.notes.200',
        '₹200 notes must be a whole number from 0 to 100000',
      ],
      [
        { counterId: 'x', openingCount: emptyCount(), idempotencyKey: randomUUID() },
        'counterId',
        'Enter a valid id',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await manager.call('POST', '/api/cash/shifts', body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(JSON.parse(answer.body).error.fields[field]).toBe(message);
    }
    const after = await json<Shifts>(await manager.call('GET', '/api/cash/shifts'));
    expect(after.items).toEqual(before.items);
  });

  it('is another branch’s 404', async () => {
    const shift = await open(staff, 0);
    await json(
      await theirs.call('POST', `/api/cash/shifts/${shift.id}/close`, {
        closingCount: emptyCount(),
      }),
      404,
    );
    await json(
      await theirs.call('POST', `/api/cash/shifts/${shift.id}/entries`, {
        kind: 'in',
        amountPaise: 100,
        reason: 'Other',
        idempotencyKey: randomUUID(),
      }),
      404,
    );
    const theirShifts = await json<Shifts>(await theirs.call('GET', '/api/cash/shifts'));
    expect(theirShifts.items).toEqual([]);
    await json(await close(shift.id, 0));
  });
});

describe('the expected cash', () => {
  it('adds up random payments, settlements, refunds and entries to the paisa', async () => {
    type Step =
      | { kind: 'cash' | 'upi' | 'cancel' | 'due'; units: number }
      | { kind: 'in' | 'out'; paise: number };
    const step = fc.oneof(
      fc.record({
        kind: fc.constantFrom('cash', 'upi', 'cancel', 'due'),
        units: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constantFrom('in', 'out'), paise: fc.integer({ min: 1, max: 50_000 }) }),
    ) as fc.Arbitrary<Step>;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(step, { maxLength: 6 }),
        async (float, steps) => {
          const shift = await open(manager, float);
          let expected = float;
          for (const s of steps) {
            if ('paise' in s) {
              await entry(shift.id, s.kind, s.paise);
              expected += s.kind === 'in' ? s.paise : -s.paise;
            } else if (s.kind === 'upi') {
              await manager.bill({
                items: [[dish, s.units]],
                status: 'Settled',
                payments: (total) => [{ method: 'UPI', amountPaise: total }],
              });
            } else if (s.kind === 'cash') {
              await payCash(s.units * 10_000);
              expected += s.units * 10_000;
            } else if (s.kind === 'cancel') {
              // Half in cash, half by card; cancelling gives the cash back from the drawer.
              const bill = await manager.bill({
                items: [[dish, s.units * 2]],
                status: 'Settled',
                payments: (total) => [
                  { method: 'Cash', amountPaise: total / 2 },
                  { method: 'Card', amountPaise: total / 2 },
                ],
              });
              await json(
                await manager.call('POST', `/api/bills/${bill.id}/cancel`, {
                  reason: 'Wrong table billed',
                }),
              );
            } else {
              // A due settled in cash while the shift is open: its money comes into the drawer.
              const bill = await manager.bill({ items: [[dish, s.units]], status: 'Due' });
              await json<Bill>(await manager.settle(bill.id, 'Cash'));
              expected += s.units * 10_000;
            }
          }
          const live = (
            await json<Shifts>(await manager.call('GET', '/api/cash/shifts'))
          ).items.find((x) => x.id === shift.id)!;
          expect(live.expectedPaise).toBe(expected);
          const closed = await json<Shift>(await close(shift.id, expected));
          expect(closed).toMatchObject({ expectedPaise: expected, differencePaise: 0 });
        },
      ),
      { numRuns: 6, seed: 23 },
    );
  });
});

describe('day close', () => {
  it('closes a day once its shifts are closed, freezes the Z report, locks the day, and reopens with a reason', async () => {
    const shift = await open(manager, 100_000);
    const due = await manager.bill({ items: [[dish, 1]], status: 'Due' });
    const cashBill = await payCash(10_000);
    await json(await staff.call('GET', `/api/days?date=${today()}`), 403);
    const busy = await manager.call('POST', '/api/days/close', { date: today() });
    expect(JSON.parse(busy.body).error.code).toBe('day.shifts_open');
    await json(await close(shift.id, 110_000));
    await json(await manager.call('POST', '/api/days/close', { date: '2026-11-23' }), 409);

    const x = await json<DayStatus>(await manager.call('GET', `/api/days?date=${today()}`));
    expect(x.report.kind).toBe('X');
    const answer = await json<CloseDayAnswer>(
      await manager.call('POST', '/api/days/close', { date: today() }),
    );
    expect(answer.report).toMatchObject({
      kind: 'Z',
      sales: x.report.sales,
      bills: x.report.bills,
    });
    expect(answer.report.shifts.every((s) => s.status === 'closed')).toBe(true);
    // Mailed to the branch's manager through the outbox (no SMTP in tests: it waits there).
    expect(answer.mail).toBe('queued');
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.toAddress, mine.manager.email));
    const zMail = mails.find((mail) => mail.subject.startsWith('Z report'));
    expect(zMail?.subject).toMatch(/^Z report, .+, Sun 22 Nov 2026$/);
    expect(zMail?.textBody).toContain(`Bills issued: ${answer.report.bills.count}`);
    // A retry answers the same Z.
    const again = await json<CloseDayAnswer>(
      await manager.call('POST', '/api/days/close', { date: today() }),
    );
    expect(again.report.closedAt).toBe(answer.report.closedAt);

    // Every write of the closed day's money is refused.
    const table = await json<{ id: string }>(
      await manager.call('POST', '/api/tables', { label: `L-${randomUUID().slice(0, 6)}` }),
      201,
    );
    const order = await json<{ version: number }>(
      await manager.call('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: dish,
        delta: 1,
      }),
    );
    const refusals = [
      await manager.call('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: 10_000 }],
      }),
      await manager.call('POST', `/api/tables/${table.id}/payments/equal-split`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        parts: [
          { payments: [{ method: 'Cash', amountPaise: 5_000 }] },
          { payments: [{ method: 'UPI', amountPaise: 5_000 }] },
        ],
      }),
      await manager.call('POST', `/api/bills/${cashBill.id}/cancel`, {
        reason: 'Wrong table billed',
      }),
      await manager.call('POST', `/api/bills/${due.id}/settlement`, { method: 'Cash' }),
      await manager.call('POST', '/api/cash/shifts', {
        counterId: counter,
        openingCount: countOf(0),
        idempotencyKey: randomUUID(),
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode, refusal.body).toBe(409);
      expect(JSON.parse(refusal.body).error.code).toBe('day.closed');
    }
    expect(JSON.parse(refusals[0]!.body).error.message).toBe(
      '22 Nov 2026 is closed: a manager can reopen it on Day Close',
    );

    await json(await manager.call('POST', '/api/days/reopen', { date: today(), reason: '' }), 400);
    const reopened = await json<DayStatus>(
      await manager.call('POST', '/api/days/reopen', {
        date: today(),
        reason: 'Late card slip found',
      }),
    );
    expect(reopened.closed).toBe(false);
    expect(reopened.history.map((h) => [h.action, h.reason])).toEqual([
      ['reopen', 'Late card slip found'],
      ['close', null],
    ]);
    await json(
      await manager.call('POST', '/api/days/reopen', { date: today(), reason: 'Again' }),
      409,
    );
    await json(
      await manager.call('POST', `/api/bills/${cashBill.id}/cancel`, {
        reason: 'Wrong table billed',
      }),
    );
    // Another branch's day is its own.
    const theirDay = await json<DayStatus>(await theirs.call('GET', `/api/days?date=${today()}`));
    expect(theirDay.report.bills.count).toBe(0);
    // Closed again; the next day the closed day's due can still be settled: its money belongs
    // to the day it comes in.
    await json(await manager.call('POST', '/api/days/close', { date: today() }));
    t.clock.advance(24 * 3600 * 1000);
    const nextDay = billsAs(t.app, await loginAs(t.app, mine.manager.email));
    await json(await nextDay.settle(due.id, 'UPI'));
    const next = await json<DayStatus>(await nextDay.call('GET', '/api/days?date=2026-11-23'));
    expect(next.report.dues).toMatchObject({ settledCount: 1, settledPaise: 10_000 });
    expect(next.report.payments).toEqual([{ method: 'UPI', count: 1, amountPaise: 10_000 }]);
    const closedDay = await json<DayStatus>(await nextDay.call('GET', `/api/days?date=${today()}`));
    expect(closedDay.report.dues.settledCount).toBe(0);
  });
});

describe('a close racing payments', () => {
  it('lets each payment land before the Z report adds the day up, or refuses it', async () => {
    // A fresh branch pair: its day has only this test's bills.
    const two = await createTwoBranchApp(billsAs);
    try {
      const boss = two.manager;
      const thali = await boss.product(10_000, 'Thali');
      const tables = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const table = await json<{ id: string }>(
            await boss.call('POST', '/api/tables', { label: `R${i}` }),
            201,
          );
          const order = await json<{ version: number }>(
            await boss.call('POST', `/api/tables/${table.id}/lines`, {
              opId: randomUUID(),
              productId: thali,
              delta: 1,
            }),
          );
          return { id: table.id, version: order.version };
        }),
      );
      const pay = (table: { id: string; version: number }) =>
        boss.call('POST', `/api/tables/${table.id}/payments`, {
          idempotencyKey: randomUUID(),
          expectedVersion: table.version,
          status: 'Settled',
          payments: [{ method: 'Cash', amountPaise: 10_000 }],
        });
      const [first, ...rest] = tables;
      const answers = await Promise.all([
        ...rest.slice(0, 4).map(pay),
        boss.call('POST', '/api/days/close', { date: today() }),
        pay(first!),
        ...rest.slice(4).map(pay),
      ]);
      const close = answers.splice(4, 1)[0]!;
      const z = await json<CloseDayAnswer>(close);
      const paid = answers.filter((a) => a.statusCode === 201);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) {
        expect(refused.statusCode, refused.body).toBe(409);
        expect(JSON.parse(refused.body).error.code).toBe('day.closed');
      }
      expect(z.report.bills.count).toBe(paid.length);
      expect(z.report.sales.totalPaise).toBe(paid.length * 10_000);
      const now = await json<DayStatus>(await boss.call('GET', `/api/days?date=${today()}`));
      expect(now.report).toEqual(z.report);
    } finally {
      await two.t.close();
    }
  });
});

describe('a drawer left open overnight', () => {
  it('is in the next day’s list, keeps its day from closing, and closes from there', async () => {
    const two = await createTwoBranchApp(billsAs);
    try {
      const counters = await json<Counters>(await two.staff.call('GET', '/api/cash/counters'));
      const shift = await open(two.staff, 50_000, counters.items[0]!.id);
      two.t.clock.advance(20 * 3600 * 1000);
      const boss = billsAs(two.t.app, await loginAs(two.t.app, two.mine.manager.email));
      const list = await json<Shifts>(await boss.call('GET', '/api/cash/shifts'));
      expect(list.businessDate).toBe('2026-11-23');
      expect(list.items.map((s) => [s.id, s.businessDate, s.status])).toEqual([
        [shift.id, today(), 'open'],
      ]);
      const refused = await boss.call('POST', '/api/days/close', { date: today() });
      expect(JSON.parse(refused.body).error).toMatchObject({
        code: 'day.shifts_open',
        message: 'Close the open shifts first: Counter 1',
      });
      await json(await close(shift.id, 50_000, boss));
      await json(await boss.call('POST', '/api/days/close', { date: today() }));
    } finally {
      await two.t.close();
    }
  });
});

describe('two counters', () => {
  it('put cash into the shift the device names, and cash without one (two open) outside shifts', async () => {
    const two = await createTwoBranchApp(billsAs);
    try {
      const boss = two.manager;
      const thali = await boss.product(10_000, 'Thali');
      const first = (await json<Counters>(await boss.call('GET', '/api/cash/counters'))).items[0]!;
      const bar = await json<{ id: string }>(
        await boss.call('POST', '/api/cash/counters', { name: 'Bar' }),
        201,
      );
      const front = await open(boss, 10_000, first.id);
      const back = await open(boss, 20_000, bar.id);
      const payAt = async (shiftId: string | null) => {
        const table = await json<{ id: string }>(
          await boss.call('POST', '/api/tables', { label: `C-${randomUUID().slice(0, 6)}` }),
          201,
        );
        const order = await json<{ version: number }>(
          await boss.call('POST', `/api/tables/${table.id}/lines`, {
            opId: randomUUID(),
            productId: thali,
            delta: 1,
          }),
        );
        await json(
          await boss.call('POST', `/api/tables/${table.id}/payments`, {
            shiftId,
            idempotencyKey: randomUUID(),
            expectedVersion: order.version,
            status: 'Settled',
            payments: [{ method: 'Cash', amountPaise: 10_000 }],
          }),
          201,
        );
      };
      await payAt(back.id);
      await payAt(back.id);
      await payAt(front.id);
      await payAt(null);
      const shifts = await json<Shifts>(await boss.call('GET', '/api/cash/shifts'));
      const byId = new Map(shifts.items.map((s) => [s.id, s]));
      expect(byId.get(front.id)).toMatchObject({
        cashReceivedPaise: 10_000,
        expectedPaise: 20_000,
      });
      expect(byId.get(back.id)).toMatchObject({ cashReceivedPaise: 20_000, expectedPaise: 40_000 });
      const day = await json<DayStatus>(await boss.call('GET', `/api/days?date=${today()}`));
      expect(day.report.cashOutsideShiftsPaise).toBe(10_000);
      expect(day.report.payments).toEqual([{ method: 'Cash', count: 4, amountPaise: 40_000 }]);
    } finally {
      await two.t.close();
    }
  });
});
