// The equal split (docs/kitchen.md and docs/gst.md, "Equal split"): the whole order paid as N
// parts, each its own tax invoice, in one transaction.
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { businessDate } from '../../../shared/dates';
import { formatInr, percentToBps, sumPaise } from '../../../shared/money';
import type { Bill, EqualSplitInput } from '../../../shared/schemas/billing.schemas';
import { equalSplit } from '../../../shared/split';
import type { ZonedActor } from '../../lib/actor';
import { checkViolation, uniqueViolation } from '../../lib/db-errors';
import { EVENTS_CHANNEL, eventPayload } from '../../lib/events';
import { createDefaultTaxProfile } from '../branches/tax-profiles';
import { LEAST_STORED_QUANTITY, saleTooLargeOf } from '../inventory/inventory.usecases';
import { tableNotFound } from '../tables/tables.errors';
import { getTableOrder, tableOrderOf } from '../tables/tables.usecases';
import { recordPayment } from './bill-ledger';
import { financialYearOf } from './bill-number';
import { billOfOrder } from './bill-tax';
import {
  billLineColumns,
  paymentColumns,
  paidColumnsByName,
  taxColumns,
  taxProfileOfJson,
} from './billing.columns';
import {
  BILLING_MESSAGES,
  OrderChangedError,
  emptyTable,
  keyReused,
  numbersUsedUp,
  paymentsMismatch,
  splitTooSmall,
} from './billing.errors';
import * as repo from './billing.repository';
import { readBill } from './billing.usecases';

/** Part k's idempotency key: the request's for the first part, one made from it for the others. */
export function partKey(key: string, part: number): string {
  return part === 1 ? key : uuidv5(`${key}/${part}`, PART_KEYS);
}
const PART_KEYS = '5f6b0d55-8f5c-4f4e-9a3e-6c1d2b7a9e10';

/**
 * Pays a table's whole order as N equal parts (docs/kitchen.md, "Equal split"), each its own
 * bill with its own number and tax, in ONE call of `pay_table` (billing.functions.sql):
 * shared/split.ts shares each line out ("1/N of" it, the balance on the last part) and works
 * each part out by shared/tax.ts as any bill; the last part carries the stated difference to
 * the whole bill's total (docs/gst.md, "Equal split"), so the parts add up to it to the paisa,
 * and each line's items are counted once over the parts (stock, item and tax reports). Each part's payments must add up to its amount. The same idempotency
 * key again answers the parts' bills (`created` false) and writes nothing.
 */
export async function payTableInParts({
  db,
  clock,
  branchId,
  userId,
  timeZone,
  tableId,
  input,
}: ZonedActor & { tableId: string; input: EqualSplitInput }): Promise<{
  bills: Bill[];
  created: boolean;
}> {
  const n = input.parts.length;
  const keys = input.parts.map((_, k) => partKey(input.idempotencyKey, k + 1));
  const earlierBills = async (ids: string[]) => ({
    bills: await Promise.all(ids.map((id) => readBill(db, branchId, id))),
    created: false,
  });
  const context = await repo.paymentContext(db, branchId, userId, tableId, input.idempotencyKey);
  const order = tableOrderOf(tableId, context.order);
  if (context.earlierBillId) {
    if (context.earlierTableId !== tableId) throw keyReused();
    return earlierBills(await repo.billIdsByKeys(db, branchId, keys));
  }
  if (order.version !== input.expectedVersion) throw new OrderChangedError(order);
  if (order.lines.length === 0) throw emptyTable();

  const now = clock();
  const profile = context.profile
    ? taxProfileOfJson(context.profile)
    : await createDefaultTaxProfile(db, branchId, now);
  const discountBps = percentToBps(input.discountPercent);
  const { lines: wholeLines } = billOfOrder(order.lines, discountBps, profile, input.serviceCharge);
  const { whole, parts: shares } = equalSplit(order.lines, discountBps, profile, n, {
    serviceCharge: input.serviceCharge,
  });
  if (shares.some((share) => share.totalPaise < 0)) throw splitTooSmall(n);
  const day = businessDate(now, timeZone);
  const financialYear = financialYearOf(day);
  const parts = shares.map((share, k) => {
    const paid = sumPaise(input.parts[k]!.payments.map((row) => row.amountPaise));
    if (paid !== share.totalPaise) {
      const message = BILLING_MESSAGES.partMismatch(k + 1, formatInr(share.totalPaise));
      throw paymentsMismatch(message, `parts.${k}.payments`);
    }
    const payments = input.parts[k]!.payments.filter((row) => row.amountPaise > 0).map((row) => ({
      id: uuidv7(),
      method: row.method,
      amountPaise: row.amountPaise,
    }));
    const method = input.parts[k]!.payments.reduce((main, row) =>
      row.amountPaise > main.amountPaise ? row : main,
    ).method;
    const lines = wholeLines.map((line, i) => {
      const taxed = share.bill.lines[i]!;
      return {
        id: uuidv7(),
        ...line,
        quantity: share.quantities[i]!,
        // A complimentary line's menu value goes with its items (docs/complimentary.md).
        complimentary: line.complimentary && {
          reason: line.complimentary.reason,
          valuePaise: (line.complimentary.valuePaise / line.quantity) * share.quantities[i]!,
        },
        lineTotalPaise: taxed.amountPaise,
        discountPaise: taxed.discountPaise,
        taxablePaise: taxed.taxablePaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
        shareOf: n,
        sharePart: k + 1,
        wholeQuantity: line.quantity,
      };
    });
    return { id: uuidv7(), key: keys[k]!, share, bill: share.bill, payments, method, lines };
  });

  try {
    const outcome = await recordPayment(db, {
      branchId,
      tableId,
      version: order.version,
      invoicePrefix: profile.invoicePrefix,
      parts: parts.map((part, k) => ({
        bill: {
          id: part.id,
          table_label: order.label,
          financial_year: financialYear,
          business_date: day,
          subtotal_paise: part.bill.subtotalPaise,
          discount_bps: discountBps,
          discount_paise: part.bill.discountPaise,
          total_paise: part.share.totalPaise,
          method: part.method,
          status: 'Settled',
          responsible: null,
          idempotency_key: part.key,
          created_by: userId,
          created_at: now.toISOString(),
          ...paidColumnsByName(part.payments),
          settled_at: now.toISOString(),
          settled_by: userId,
          ...taxColumns(profile, part.bill),
          buyer_name: null,
          buyer_gstin: null,
          buyer_address: null,
          split_part: k + 1,
          split_parts: n,
          split_total_paise: whole.totalPaise,
          split_difference_paise: part.share.differencePaise,
        },
        lines: part.lines.map((line) => ({
          ...billLineColumns(line),
          share_of: line.shareOf,
          share_part: line.sharePart,
          whole_quantity: line.wholeQuantity,
        })),
        payments: paymentColumns(part.payments, { at: now, by: userId, shiftId: input.shiftId }),
      })),
      audit: {
        id: uuidv7(),
        user_id: userId,
        action: 'bill.equal_split',
        entity: 'table',
        entity_id: tableId,
        data: {
          tableId,
          totalPaise: whole.totalPaise,
          parts: parts.map((part) => ({
            billId: part.id,
            totalPaise: part.share.totalPaise,
            differencePaise: part.share.differencePaise,
          })),
        },
        created_at: now.toISOString(),
      },
      channel: EVENTS_CHANNEL,
      events: [
        eventPayload(branchId, { type: 'table.changed', tableId }),
        ...parts.map((part) =>
          eventPayload(branchId, { type: 'bill.paid', tableId, billId: part.id }),
        ),
      ],
      stockEvent: eventPayload(branchId, { type: 'stock.changed' }),
      leastQuantity: LEAST_STORED_QUANTITY,
    });
    switch (outcome.status) {
      case 'replayed':
        return earlierBills(outcome.bills.map((bill) => bill.billId));
      case 'changed':
        throw new OrderChangedError(await getTableOrder({ db, branchId, tableId }));
      case 'table_not_found':
        throw tableNotFound();
      case 'key_reused':
        throw keyReused();
    }
    return {
      bills: await Promise.all(outcome.bills.map((bill) => readBill(db, branchId, bill.billId))),
      created: true,
    };
  } catch (error) {
    if (uniqueViolation(error) === 'bills_idempotency_key_unique') {
      const earlier = await repo.billIdByKey(db, branchId, keys[0]!);
      if (earlier && earlier.tableId !== tableId) throw keyReused();
      const ids = await repo.billIdsByKeys(db, branchId, keys);
      if (ids.length > 0) return earlierBills(ids);
    }
    if (checkViolation(error) === 'bills_number_length_check') throw numbersUsedUp();
    throw saleTooLargeOf(error) ?? error;
  }
}
