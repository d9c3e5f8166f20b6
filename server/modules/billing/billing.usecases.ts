import { v7 as uuidv7 } from 'uuid';
import type { PaymentMethod } from '../../../shared/constants';
import { businessDate } from '../../../shared/dates';
import { billTotals, formatInr, sumPaise } from '../../../shared/money';
import type {
  Bill,
  BillPrint,
  BranchSettings,
  LastBill,
  PaymentInput,
  branchSettingsBodySchema,
} from '../../../shared/schemas/billing.schemas';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { publishBranchEvent } from '../../lib/events';
import { deductIngredientsForSale } from '../inventory/inventory.usecases';
import { recipesOf } from '../products/products.usecases';
import { clearTableOrder, getTableOrder, lockTableOrder } from '../tables/tables.usecases';
import { financialYearOf, formatBillNumber } from './bill-number';
import {
  BILLING_MESSAGES,
  OrderChangedError,
  billNotFound,
  emptyTable,
  nothingOwed,
  paymentsMismatch,
} from './billing.errors';
import * as repo from './billing.repository';

type StoredBill = NonNullable<Awaited<ReturnType<typeof repo.findBill>>>;

function billView(row: StoredBill): Bill {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    payments: row.payments.map((payment) => ({
      ...payment,
      receivedAt: payment.receivedAt.toISOString(),
    })),
    paidPaise: sumPaise(row.payments.map((payment) => payment.amountPaise)),
  };
}

/** A bill with its lines and payments; 404 when the branch has no such bill. */
export async function readBill(db: DbOrTx, branchId: string, id: string): Promise<Bill> {
  const row = await repo.findBill(db, branchId, id);
  if (!row) throw billNotFound();
  return billView(row);
}

/** The method a bill is listed under: 'Due', or the method most of the money came by. */
function mainMethod(input: PaymentInput): PaymentMethod {
  if (input.status === 'Due') return 'Due';
  return input.payments.reduce((main, row) => (row.amountPaise > main.amountPaise ? row : main))
    .method;
}

function checkAmounts(input: PaymentInput, totalPaise: number): void {
  const paid = sumPaise(input.payments.map((row) => row.amountPaise));
  if (input.status === 'Settled' && paid !== totalPaise) {
    throw paymentsMismatch(BILLING_MESSAGES.settledMismatch(formatInr(totalPaise)));
  }
  if (input.status === 'Due' && totalPaise === 0) throw nothingOwed();
  if (input.status === 'Due' && paid >= totalPaise) {
    throw paymentsMismatch(BILLING_MESSAGES.dueTooMuch(formatInr(totalPaise)));
  }
}

/**
 * Pays a table's order: in ONE transaction the table row is locked, the bill gets the next
 * number of the branch's financial year, its lines (as they were) and the money received are
 * written, every ingredient of every line is taken out of stock, the table is cleared and the
 * branch's devices are told. The same idempotency key again answers the first bill (`created`
 * false) and writes nothing; requests of one table wait for each other on the table's lock.
 */
export async function payTable({
  db,
  clock,
  branchId,
  userId,
  tableId,
  input,
}: Actor & { tableId: string; input: PaymentInput }): Promise<{ bill: Bill; created: boolean }> {
  try {
    const paid = await db.transaction(async (tx) => {
      const order = await lockTableOrder(tx, branchId, tableId);
      const earlier = await repo.billIdByKey(tx, branchId, input.idempotencyKey);
      if (earlier) return { billId: earlier, created: false };
      if (order.version !== input.expectedVersion) throw new OrderChangedError(order);
      if (order.lines.length === 0) throw emptyTable();

      const totals = billTotals(order.lines, input.discountBps);
      checkAmounts(input, totals.totalPaise);

      const now = clock();
      const branch = (await repo.findBranch(tx, branchId))!;
      const day = businessDate(now, branch.timeZone);
      const financialYear = financialYearOf(day);
      const billId = uuidv7();
      const settled = input.status === 'Settled';
      const method = mainMethod(input);
      const quantities = new Map(order.lines.map((line) => [line.productId, line.quantity]));
      const recipes = await recipesOf(tx, branchId, [...quantities.keys()]);

      // What concerns this table only comes first: the rows every payment of the branch waits
      // for (the bill counter, then the ingredients by id) are held from here to the commit.
      await clearTableOrder(tx, branchId, tableId);
      await publishBranchEvent(tx, branchId, { type: 'bill.paid', tableId, billId });
      if (recipes.length > 0) await publishBranchEvent(tx, branchId, { type: 'stock.changed' });
      await recordAudit(tx, {
        branchId,
        userId,
        action: settled ? 'bill.settle' : 'bill.due',
        entity: 'bill',
        entityId: billId,
        data: {
          tableId,
          totalPaise: totals.totalPaise,
          status: input.status,
          method,
        },
        at: now,
      });

      const serial = await repo.takeBillNumber(tx, branchId, financialYear);
      await repo.insertBill(
        tx,
        {
          branchId,
          id: billId,
          tableId,
          tableLabel: order.label,
          number: formatBillNumber(branch.code, financialYear, serial),
          financialYear,
          businessDate: day,
          ...totals,
          discountBps: input.discountBps,
          method,
          status: input.status,
          responsible: input.responsible,
          idempotencyKey: input.idempotencyKey,
          createdBy: userId,
          createdAt: now,
          settledAt: settled ? now : null,
          settledBy: settled ? userId : null,
        },
        order.lines.map((line) => ({
          branchId,
          billId,
          productId: line.productId,
          name: line.name,
          subcategory: line.subcategory ?? null,
          unitPricePaise: line.unitPricePaise,
          quantity: line.quantity,
          lineTotalPaise: line.lineTotalPaise,
        })),
        // Money received: a 0 row only named the method of a fully discounted bill.
        input.payments
          .filter((row) => row.amountPaise > 0)
          .map((row) => ({
            branchId,
            billId,
            method: row.method,
            amountPaise: row.amountPaise,
            receivedAt: now,
            receivedBy: userId,
          })),
      );
      await deductIngredientsForSale(tx, {
        branchId,
        billId,
        userId,
        at: now,
        items: recipes.map((row) => ({
          ingredientId: row.ingredientId,
          quantity: row.quantityUsed * quantities.get(row.productId)!,
        })),
      });
      return { billId, created: true };
    });
    // Read back once committed, out of the time the branch's next payment waits for this one.
    return { bill: await readBill(db, branchId, paid.billId), created: paid.created };
  } catch (error) {
    // The same key sent for another table at the same moment: the first one's bill stands.
    if (uniqueViolation(error) === 'bills_idempotency_key_unique') {
      const id = await repo.billIdByKey(db, branchId, input.idempotencyKey);
      if (id) return { bill: await readBill(db, branchId, id), created: false };
    }
    throw error;
  }
}

/**
 * The table's most recent bill, or null; 404 when the branch has no such table. The payment
 * modal asks it when the order it shows empties: was the table just paid, and by which bill?
 */
export async function lastBillOfTable({
  db,
  branchId,
  tableId,
}: {
  db: Db;
  branchId: string;
  tableId: string;
}): Promise<LastBill> {
  const [, row] = await Promise.all([
    getTableOrder({ db, branchId, tableId }),
    repo.lastBillOfTable(db, branchId, tableId),
  ]);
  return { bill: row ? { ...row, createdAt: row.createdAt.toISOString() } : null };
}

/** A bill with the branch's details, to print (again). */
export async function getBillForPrint({
  db,
  branchId,
  id,
}: {
  db: Db;
  branchId: string;
  id: string;
}): Promise<BillPrint> {
  const [bill, branch] = await Promise.all([
    readBill(db, branchId, id),
    getBranchSettings({ db, branchId }),
  ]);
  return { ...bill, branch };
}

export async function getBranchSettings({
  db,
  branchId,
}: {
  db: DbOrTx;
  branchId: string;
}): Promise<BranchSettings> {
  const { code: _code, ...settings } = (await repo.findBranch(db, branchId))!;
  return settings;
}

export async function updateBranchSettings({
  db,
  clock,
  branchId,
  userId,
  input,
}: Actor & { input: z.output<typeof branchSettingsBodySchema> }): Promise<BranchSettings> {
  return db.transaction(async (tx) => {
    const before = await getBranchSettings({ db: tx, branchId });
    await repo.updateBranchSettings(tx, branchId, input);
    await recordAudit(tx, {
      branchId,
      userId,
      action: 'branch.settings',
      entity: 'branch',
      entityId: branchId,
      data: { from: before, to: input },
      at: clock(),
    });
    return getBranchSettings({ db: tx, branchId });
  });
}
