/**
 * The demo's cash drawer (docs/cash.md): the week before today, each day one shift at Counter 1
 * (a ₹2,000 float, the day's cash bills in it, now and then a petty expense, a count a few
 * rupees off) and the day closed by the manager with its Z report, so Day Close has a history
 * to show. Today is left open, with no shift: a shift is what the first person at the counter
 * opens. Written after the sales, in the seed's transaction.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { emptyCount, expectedCashPaise, type CashCount } from '../../shared/cash';
import { addDays, businessDate, type IsoDate } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { billPayments, cashCounters, cashEntries, cashShifts, dayCloses } from '../db/schema';
import { recordAudits, type AuditEntry } from '../lib/audit';
import { buildDayReport } from '../modules/cash/day-report';
import { shiftsById } from '../modules/cash/cash.usecases';
import { DEMO_TIME_ZONE, demoContext } from './demo-context';
import { createRng } from './demo-rng';

/** Closed days before today. */
const CLOSED_DAYS = 7;
const FLOAT: CashCount = {
  notes: { ...emptyCount().notes, '500': 2, '200': 2, '100': 4, '50': 4, '20': 5, '10': 10 },
  coinsPaise: 10_000,
};

/** ₹`paise` as notes of ₹500 down to ₹10 and the rest in coins. */
function countOf(paise: number): CashCount {
  const count = emptyCount();
  let left = paise;
  for (const rupees of [500, 200, 100, 50, 20, 10] as const) {
    count.notes[`${rupees}`] = Math.floor(left / (rupees * 100));
    left -= count.notes[`${rupees}`] * rupees * 100;
  }
  count.coinsPaise = left;
  return count;
}

export async function writeCash(
  tx: DbOrTx,
  input: {
    now: Date;
    branchId: string;
    branchName: string;
    managerId: string;
    managerName: string;
    cashierIds: string[];
  },
): Promise<void> {
  const { branchId, managerId } = input;
  const ctx = demoContext(input.now);
  const rng = createRng(23);
  const idAt = (at: Date) => uuidv7({ msecs: at.getTime(), random: rng.bytes(16) });
  const today = businessDate(input.now, DEMO_TIME_ZONE);
  const counterId = idAt(ctx.setupTime);
  await tx
    .insert(cashCounters)
    .values({ branchId, id: counterId, name: 'Counter 1', createdAt: ctx.setupTime });
  const audits: AuditEntry[] = [];
  for (let back = CLOSED_DAYS; back >= 1; back--) {
    const day: IsoDate = addDays(today, -back);
    const openedAt = ctx.at(day, 9 * 60);
    const closedAt = ctx.at(day, 23 * 60 + 30);
    const cashier = rng.pick(input.cashierIds);
    const shiftId = idAt(openedAt);
    const floatPaise = 200_000;
    await tx.insert(cashShifts).values({
      branchId,
      id: shiftId,
      counterId,
      businessDate: day,
      idempotencyKey: shiftId,
      openedAt,
      openedBy: cashier,
      openingCount: FLOAT,
      floatPaise,
    });
    // The day's cash went into the drawer (the demo's sales were written before any shift).
    const received = await tx
      .update(billPayments)
      .set({ shiftId })
      .where(
        and(
          eq(billPayments.branchId, branchId),
          eq(billPayments.method, 'Cash'),
          gte(billPayments.receivedAt, openedAt),
          lt(billPayments.receivedAt, closedAt),
        ),
      )
      .returning({ amountPaise: billPayments.amountPaise });
    const cashReceivedPaise = received.reduce((sum, row) => sum + row.amountPaise, 0);
    let cashOutPaise = 0;
    if (rng.chance(0.6)) {
      const at = ctx.at(day, 15 * 60 + rng.int(0, 120));
      cashOutPaise = rng.int(5, 40) * 1_000;
      await tx.insert(cashEntries).values({
        branchId,
        id: idAt(at),
        shiftId,
        kind: 'out',
        amountPaise: cashOutPaise,
        reason: 'Petty expense',
        note: rng.pick(['Milk packets', 'Ice', 'Courier', 'Cleaning supplies']),
        idempotencyKey: idAt(at),
        createdAt: at,
        createdBy: cashier,
      });
    }
    const movements = {
      floatPaise,
      cashReceivedPaise,
      cashRefundedPaise: 0,
      cashInPaise: 0,
      cashOutPaise,
    };
    const expectedPaise = expectedCashPaise(movements);
    const differencePaise = rng.pick([0, 0, 0, -2_000, -5_000, 1_000]);
    await tx
      .update(cashShifts)
      .set({
        closedAt,
        closedBy: cashier,
        closingCount: countOf(expectedPaise + differencePaise),
        countedPaise: expectedPaise + differencePaise,
        ...movements,
        expectedPaise,
        differencePaise,
        note: differencePaise === 0 ? '' : 'Counted twice',
      })
      .where(and(eq(cashShifts.branchId, branchId), eq(cashShifts.id, shiftId)));
    const dayClosedAt = ctx.at(day, 23 * 60 + 45);
    const report = await buildDayReport(tx, {
      branchId,
      branchName: input.branchName,
      businessDate: day,
      timeZone: DEMO_TIME_ZONE,
      kind: 'Z',
      at: dayClosedAt,
      closedBy: input.managerName,
      shifts: await shiftsById(tx, branchId, { ids: [shiftId] }, true),
    });
    await tx.insert(dayCloses).values({
      branchId,
      businessDate: day,
      closedAt: dayClosedAt,
      closedBy: managerId,
      report,
    });
    audits.push(
      {
        branchId,
        userId: cashier,
        action: 'shift.open',
        entity: 'shift',
        entityId: shiftId,
        data: { counter: 'Counter 1', floatPaise },
        at: openedAt,
      },
      {
        branchId,
        userId: cashier,
        action: 'shift.close',
        entity: 'shift',
        entityId: shiftId,
        data: {
          countedPaise: expectedPaise + differencePaise,
          expectedPaise,
          differencePaise,
          approvedBy: null,
        },
        at: closedAt,
      },
      {
        branchId,
        userId: managerId,
        action: 'day.close',
        entity: 'day',
        entityId: day,
        data: { totalPaise: report.sales.totalPaise, bills: report.bills.count },
        at: dayClosedAt,
      },
    );
  }
  await recordAudits(tx, audits);
}
