import { chargedSubtotalPaise } from '../../../shared/complimentary';
import { v7 as uuidv7 } from 'uuid';
import type { PaymentMethod } from '../../../shared/constants';
import { businessDate } from '../../../shared/dates';
import { formatInr, sumPaise } from '../../../shared/money';
import { maxFlatDiscountPaise } from '../../../shared/tax';
import type {
  Bill,
  BillPrint,
  LastBill,
  PaymentInput,
  SplitLine,
} from '../../../shared/schemas/billing.schemas';
import type { OrderLine, TableOrder } from '../../../shared/schemas/tables.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { MAX_TODAY_BILLS, type TodayBills } from '../../../shared/schemas/bill-print.schemas';
import type { SessionBranch, ZonedActor } from '../../lib/actor';
import { checkViolation, uniqueViolation } from '../../lib/db-errors';
import { EVENTS_CHANNEL, eventPayload } from '../../lib/events';
import { LEAST_STORED_QUANTITY, saleTooLargeOf } from '../inventory/inventory.usecases';
import { getTableOrder, tableOrderOf } from '../tables/tables.usecases';
import { tableNotFound } from '../tables/tables.errors';
import { getBranchSettings } from '../branches/branches.settings.usecases';
import { createDefaultTaxProfile } from '../branches/tax-profiles';
import { recordPayment } from './bill-ledger';
import {
  billLineColumns,
  paymentColumns,
  paidColumnsByName,
  storedTaxOf,
  taxColumns,
  taxProfileOfJson,
} from './billing.columns';
import { billOfOrder } from './bill-tax';
import { financialYearOf } from './bill-number';
import {
  BILLING_MESSAGES,
  OrderChangedError,
  billNotFound,
  discountFlatTooLarge,
  emptyTable,
  keyReused,
  nothingOwed,
  numbersUsedUp,
  paymentsMismatch,
  splitInvalid,
} from './billing.errors';
import * as repo from './billing.repository';
import { billView, readBill } from './billing.bill-view';

export { readBill };

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
 * Pays a table's order (docs/counter.md, "Payments"). The order is read as it is (one
 * statement, at its version) and the bill worked out from it here by shared/money.ts; then ONE
 * call of `pay_table` (bill-ledger.ts, billing.functions.sql), one transaction, locks the table
 * and, if the order is still at that version, numbers and writes the bill, its lines and the
 * money received, adds it to the per-day totals, deducts every ingredient, clears the table,
 * writes the audit row and tells the branch's devices. The same idempotency key again answers
 * the first bill (`created` false) and writes nothing; requests of one table wait for each
 * other on the table's lock.
 */
export async function payTable({
  db,
  clock,
  branchId,
  userId,
  timeZone,
  tableId,
  input,
}: ZonedActor & { tableId: string; input: PaymentInput }): Promise<{
  bill: Bill;
  created: boolean;
}> {
  const earlierBill = async (id: string) => ({
    bill: await readBill(db, branchId, id),
    created: false,
  });
  try {
    const context = await repo.paymentContext(db, branchId, userId, tableId, input.idempotencyKey);
    const order = tableOrderOf(tableId, context.order);
    if (context.earlierBillId) {
      if (context.earlierTableId !== tableId) throw keyReused();
      return await earlierBill(context.earlierBillId);
    }
    if (order.version !== input.expectedVersion) throw new OrderChangedError(order);
    if (order.lines.length === 0) throw emptyTable();
    const { billed, take } = splitOf(order, input.lines);

    const now = clock();
    const profile = context.profile
      ? taxProfileOfJson(context.profile)
      : await createDefaultTaxProfile(db, branchId, now);
    // Complimentary items cost nothing: the flat discount comes off what is charged.
    const maxFlat = maxFlatDiscountPaise(chargedSubtotalPaise(billed), input.discountBps);
    if (input.discountFlatPaise > maxFlat) throw discountFlatTooLarge(maxFlat);
    const { totals, lines: billLines } = billOfOrder(
      billed,
      input.discountBps,
      profile,
      input.serviceCharge,
      input.discountFlatPaise,
    );
    checkAmounts(input, totals.totalPaise);

    const day = businessDate(now, timeZone);
    const financialYear = financialYearOf(day);
    const billId = uuidv7();
    const settled = input.status === 'Settled';
    const method = mainMethod(input);
    const lines = billLines.map((line) => ({ id: uuidv7(), ...line }));
    // Money received: a 0 row only named the method of a fully discounted bill.
    const payments = input.payments
      .filter((row) => row.amountPaise > 0)
      .map((row) => ({ id: uuidv7(), method: row.method, amountPaise: row.amountPaise }));
    const outcome = await recordPayment(db, {
      branchId,
      tableId,
      version: order.version,
      invoicePrefix: profile.invoicePrefix,
      parts: [
        {
          bill: {
            id: billId,
            table_label: order.label,
            financial_year: financialYear,
            business_date: day,
            subtotal_paise: totals.subtotalPaise,
            discount_bps: input.discountBps,
            discount_paise: totals.discountPaise,
            discount_flat_paise: input.discountFlatPaise,
            total_paise: totals.totalPaise,
            method,
            status: input.status,
            responsible: input.responsible,
            idempotency_key: input.idempotencyKey,
            created_by: userId,
            created_at: now.toISOString(),
            ...paidColumnsByName(payments),
            settled_at: settled ? now.toISOString() : null,
            settled_by: settled ? userId : null,
            ...taxColumns(profile, totals),
            buyer_name: input.buyer?.name ?? null,
            buyer_gstin: input.buyer?.gstin ?? null,
            buyer_address: input.buyer?.address ?? null,
          },
          lines: lines.map(billLineColumns),
          payments: paymentColumns(payments, { at: now, by: userId, shiftId: input.shiftId }),
        },
      ],
      audit: {
        id: uuidv7(),
        user_id: userId,
        action: settled ? 'bill.settle' : 'bill.due',
        entity: 'bill',
        entity_id: billId,
        data: {
          tableId,
          totalPaise: totals.totalPaise,
          status: input.status,
          method,
          ...(take ? { split: take } : {}),
        },
        created_at: now.toISOString(),
      },
      channel: EVENTS_CHANNEL,
      events: [
        eventPayload(branchId, { type: 'table.changed', tableId }),
        eventPayload(branchId, { type: 'bill.paid', tableId, billId }),
      ],
      stockEvent: eventPayload(branchId, { type: 'stock.changed' }),
      leastQuantity: LEAST_STORED_QUANTITY,
      take,
    });
    switch (outcome.status) {
      case 'replayed':
        return await earlierBill(outcome.bills[0]!.billId);
      case 'changed':
        throw new OrderChangedError(await getTableOrder({ db, branchId, tableId }));
      case 'table_not_found':
        throw tableNotFound();
      case 'key_reused':
        throw keyReused();
    }
    // The answer as readBill would read it back: the lines and payments in the order their
    // ids were made, by this user.
    const bill = billView(
      {
        id: billId,
        number: outcome.bills[0]!.number,
        businessDate: day,
        tableId,
        tableLabel: order.label,
        lines: lines.map(
          ({
            id: _id,
            complimentary,
            complimentaryBy: _by,
            complimentaryApprovedBy: _ok,
            ...line
          }) => ({
            ...line,
            shareOf: null,
            sharePart: null,
            wholeQuantity: null,
            complimentaryReason: complimentary?.reason ?? null,
            complimentaryValuePaise: complimentary?.valuePaise ?? null,
          }),
        ),
        subtotalPaise: totals.subtotalPaise,
        discountBps: input.discountBps,
        discountPaise: totals.discountPaise,
        discountFlatPaise: input.discountFlatPaise,
        totalPaise: totals.totalPaise,
        status: input.status,
        method,
        responsible: input.responsible,
        createdAt: now,
        createdBy: context.userName,
        guests: outcome.bills[0]!.guests,
        splitPart: null,
        splitParts: null,
        splitTotalPaise: null,
        splitDifferencePaise: 0,
        payments: payments.map((row) => ({
          ...row,
          receivedAt: now,
          receivedBy: context.userName,
        })),
        ...storedTaxOf(profile, totals),
        buyerName: input.buyer?.name ?? null,
        buyerGstin: input.buyer?.gstin ?? null,
        buyerAddress: input.buyer?.address ?? null,
        cancelledAt: null,
        cancelledBy: null,
        cancelReason: null,
      },
      profile,
    );
    return { bill, created: true };
  } catch (error) {
    // The same key sent for another table at the same moment: the first one's bill stands.
    if (uniqueViolation(error) === 'bills_idempotency_key_unique') {
      const earlier = await repo.billIdByKey(db, branchId, input.idempotencyKey);
      if (earlier && earlier.tableId !== tableId) throw keyReused();
      if (earlier) return earlierBill(earlier.id);
    }
    if (checkViolation(error) === 'bills_number_length_check') throw numbersUsedUp();
    throw saleTooLargeOf(error) ?? error;
  }
}

/**
 * A split by items (docs/kitchen.md, "Move, merge, split"): the order's lines this bill pays,
 * each at the chosen quantity, and what pay_table takes off the table (null: the whole order,
 * also when the choice names every line in full). A key not on the order (at the version the
 * cashier saw) or more than a line has answers 409 naming `lines`.
 */
function splitOf(
  order: TableOrder,
  chosen: readonly SplitLine[] | null,
): { billed: OrderLine[]; take: SplitLine[] | null } {
  if (chosen === null) return { billed: order.lines, take: null };
  const byKey = new Map(order.lines.map((line) => [line.key, line]));
  const billed = chosen.map((pick) => {
    const line = byKey.get(pick.key);
    if (!line) throw splitInvalid(BILLING_MESSAGES.splitLineGone);
    if (pick.quantity > line.quantity) {
      throw splitInvalid(BILLING_MESSAGES.splitTooMany(line.name, line.quantity));
    }
    return {
      ...line,
      quantity: pick.quantity,
      lineTotalPaise: line.unitPricePaise * pick.quantity,
    };
  });
  const whole =
    chosen.length === order.lines.length &&
    billed.every((line) => line.quantity === byKey.get(line.key)!.quantity);
  return { billed, take: whole ? null : chosen.map(({ key, quantity }) => ({ key, quantity })) };
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

/**
 * A bill with the branch's details, to print (again). `anyDay` false (staff, who do not see the
 * reports) reads only a bill of the branch's business day today, or one still Due (staff
 * settle dues and see them listed): any other answers 404, as a bill that does not exist.
 */
export async function getBillForPrint({
  db,
  clock,
  branchId,
  id,
  anyDay,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  id: string;
  anyDay: boolean;
}): Promise<BillPrint> {
  const [bill, branch] = await Promise.all([
    readBill(db, branchId, id),
    getBranchSettings({ db, branchId }),
  ]);
  assertMayRead(bill, anyDay, businessDate(clock(), branch.timeZone));
  return { ...bill, branch };
}

/**
 * THE access rule for reading one bill (GET /api/bills/:id and its associated orders): `anyDay`
 * (managers, who hold reports.view) read any bill of the branch; others a bill of the business
 * day `today` or one still Due; any other answers 404, as a bill that does not exist.
 */
export function assertMayRead(
  bill: Pick<Bill, 'status' | 'businessDate'>,
  anyDay: boolean,
  today: string,
) {
  if (anyDay || bill.status === 'Due') return;
  if (bill.businessDate !== today) throw billNotFound();
}

/** The branch's bills of its business day today, newest first (at most `MAX_TODAY_BILLS`). */
export async function todaysBills({
  db,
  clock,
  branchId,
  timeZone,
}: SessionBranch & {
  db: Db;
  clock: Clock;
}): Promise<TodayBills> {
  const day = businessDate(clock(), timeZone);
  const rows = await repo.billsOfDay(db, branchId, day, MAX_TODAY_BILLS);
  return {
    businessDate: day,
    timeZone,
    items: rows
      .slice(0, MAX_TODAY_BILLS)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    truncated: rows.length > MAX_TODAY_BILLS,
  };
}
