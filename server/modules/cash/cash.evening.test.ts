import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCount, MAX_SHIFT_CASH_PAISE, type CashCount } from '../../../shared/cash';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { Counters, DayStatus, Shift } from '../../../shared/schemas/cash.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { auditLog } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import { loginAs, PASSWORD, type BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';
import { CASH_MESSAGES } from './cash.errors';

/** Issue 30 (an evening on the product): the drawer's and the closed day's holes, closed. */
let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof billsAs>;
let staff: ReturnType<typeof billsAs>;
let counter: string;
const TODAY = '2026-11-22';

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

function countOf(paise: number): CashCount {
  const count = emptyCount();
  count.notes['100'] = Math.floor(paise / 10_000);
  count.coinsPaise = paise % 10_000;
  return count;
}

const open = async (as: typeof manager, floatPaise: number) =>
  json<Shift>(
    await as.call('POST', '/api/cash/shifts', {
      counterId: counter,
      openingCount: countOf(floatPaise),
      idempotencyKey: randomUUID(),
    }),
    201,
  );

const close = (as: typeof manager, shiftId: string, countedPaise: number, extra: object = {}) =>
  as.call('POST', `/api/cash/shifts/${shiftId}/close`, {
    closingCount: countOf(countedPaise),
    ...extra,
  });

const cashIn = (shiftId: string, amountPaise: number) =>
  staff.call('POST', `/api/cash/shifts/${shiftId}/entries`, {
    kind: 'in',
    amountPaise,
    reason: 'Float top-up',
    idempotencyKey: randomUUID(),
  });

async function auditsOf(action: string, entityId: string) {
  return t.database.db
    .select({ data: auditLog.data, userId: auditLog.userId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

beforeAll(async () => {
  let rest;
  ({ t, mine, manager, staff, ...rest } = await createTwoBranchApp(billsAs));
  void rest;
  counter = (await json<Counters>(await staff.call('GET', '/api/cash/counters'))).items[0]!.id;
  await json(
    await manager.call('PUT', '/api/voids/pin', { currentPassword: PASSWORD, pin: '4321' }),
  );
});
afterAll(() => t.close());

describe('a blind count', () => {
  it('a staff close of a short count reveals no figure; the refused and the approved count are audited', async () => {
    const shift = await open(staff, 100_000);
    const refused = await close(staff, shift.id, 81_600);
    expect(refused.statusCode).toBe(409);
    const error = JSON.parse(refused.body).error;
    expect(error).toMatchObject({
      code: 'cash.approval_needed',
      message: CASH_MESSAGES.approvalNeededBlind,
    });
    // No amount, no direction: nothing staff could count to.
    expect(refused.body).not.toMatch(/₹|[0-9]|short|over/);
    // A recount that matches closes; the refused count before it stays in the audit trail.
    const exact = await close(staff, shift.id, 100_000);
    expect(exact.statusCode, exact.body).toBe(200);
    const [kept] = await auditsOf('shift.count_refused', shift.id);
    expect(kept?.data).toMatchObject({
      countedPaise: 81_600,
      expectedPaise: 100_000,
      differencePaise: -18_400,
    });

    // A manager closing sees the figure; staff with a manager's PIN are approved and audited.
    const other = await open(staff, 100_000);
    const seen = await close(manager, other.id, 0, {});
    expect(seen.statusCode, seen.body).toBe(200);
    const third = await open(staff, 50_000);
    const approved = await json<Shift>(
      await close(staff, third.id, 10_000, {
        approval: { managerId: mine.manager.id, pin: '4321' },
      }),
    );
    expect(approved.approvedBy).not.toBeNull();
    const [closed] = await auditsOf('shift.close', third.id);
    expect(closed?.data).toMatchObject({
      differencePaise: -40_000,
      approvedBy: mine.manager.id,
    });
  });
});

describe('a shift’s running totals', () => {
  it('₹1 crore cash-ins answered 400 naming the field, and the shift still closes and the day with it', async () => {
    const shift = await open(staff, 0);
    await json(await cashIn(shift.id, MAX_SHIFT_CASH_PAISE));
    for (const amount of [MAX_SHIFT_CASH_PAISE, 1]) {
      const refused = await cashIn(shift.id, amount);
      expect(refused.statusCode, refused.body).toBe(400);
      const error = JSON.parse(refused.body).error;
      expect(error.code).toBe('cash.shift_total');
      expect(Object.keys(error.fields)).toEqual(['amountPaise']);
    }
    const closed = await json<Shift>(await close(manager, shift.id, MAX_SHIFT_CASH_PAISE));
    expect(closed).toMatchObject({ expectedPaise: MAX_SHIFT_CASH_PAISE, differencePaise: 0 });
  });

  it('cannot be raced past the cap by parallel cash-ins', async () => {
    const shift = await open(staff, 0);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => cashIn(shift.id, MAX_SHIFT_CASH_PAISE / 4)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
    const closed = await json<Shift>(await close(manager, shift.id, MAX_SHIFT_CASH_PAISE));
    expect(closed.cashInPaise).toBe(MAX_SHIFT_CASH_PAISE);
  });
});

describe('a closed day', () => {
  it('a void and a KOT on a closed day answered 409; a table left open over the close is billed the next business day', async () => {
    const dish = await manager.product(25_000, 'Biryani');
    const table = await json<{ id: string }>(
      await staff.call('POST', '/api/tables', { label: 'Late 1' }),
      201,
    );
    await json(
      await staff.call('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: dish,
        delta: 2,
      }),
    );
    await json(await staff.call('POST', `/api/tables/${table.id}/kots`, { opId: randomUUID() }));
    await json(
      await staff.call('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: dish,
        delta: 1,
      }),
    );

    // The close lists the open table with its amount and its unsent item.
    const day = await json<DayStatus>(await manager.call('GET', `/api/days?date=${TODAY}`));
    const listed = day.openTables.find((t) => t.tableId === table.id);
    expect(listed).toMatchObject({
      label: 'Late 1',
      totalPaise: 75_000,
      unsentItems: [{ name: 'Biryani', quantity: 1 }],
    });
    await json(await manager.call('POST', '/api/days/close', { date: TODAY }));

    const kot = await staff.call('POST', `/api/tables/${table.id}/kots`, { opId: randomUUID() });
    expect(kot.statusCode, kot.body).toBe(409);
    expect(JSON.parse(kot.body).error.code).toBe('day.closed');
    const order = await json<TableOrder>(await staff.call('GET', `/api/tables/${table.id}/order`));
    const voided = await staff.call('POST', `/api/tables/${table.id}/voids`, {
      opId: randomUUID(),
      lineKey: order.lines[0]!.key,
      quantity: 1,
      reason: 'Guest changed mind',
      managerId: mine.manager.id,
      pin: '4321',
    });
    expect(voided.statusCode, voided.body).toBe(409);
    expect(JSON.parse(voided.body).error.code).toBe('day.closed');
    const z = await json<DayStatus>(await manager.call('GET', `/api/days?date=${TODAY}`));
    expect(z.report.voids.count).toBe(0);

    // The next business day: the table keeps its order and is billed on that day.
    t.clock.advance(24 * 3600 * 1000);
    staff = billsAs(t.app, await loginAs(t.app, mine.staff.email));
    manager = billsAs(t.app, await loginAs(t.app, mine.manager.email));
    const next = await json<TableOrder>(await staff.call('GET', `/api/tables/${table.id}/order`));
    expect(next.lines.reduce((n, l) => n + l.quantity, 0)).toBe(3);
    const bill = await json<Bill>(
      await manager.call('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: next.version,
        discountPercent: 0,
        status: 'Settled',
        payments: [{ method: 'UPI', amountPaise: 75_000 }],
      }),
      201,
    );
    expect(bill.businessDate).toBe('2026-11-23');
  });
});
