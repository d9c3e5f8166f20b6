/** The demo's sales written: tables and open orders, bills through billing's ledger, history. */
import type { DbOrTx } from '../db/client';
import type { NewBill, NewBillLine, NewOrderLine, NewTable } from '../db/schema';
import { recordAudits, type AuditEntry } from '../lib/audit';
import { continueBillCounters, recordBills } from '../modules/billing/bill-ledger';
import { BILL_STATUS_CHANGE } from '../modules/billing/billing.settle.usecases';
import { recordDemoTables } from '../modules/tables/tables.usecases';
import { groupBy, insertInBatches } from './demo-context';

/**
 * The tables and their orders in progress; the bills through billing's ledger (settled bills
 * were received in one go, by their method, when settled; the numbering goes on from the demo's
 * last bill); and each bill's history as billing and the dues popup write it.
 */
export async function writeSales(
  tx: DbOrTx,
  rows: {
    tables: NewTable[];
    orderLines: NewOrderLine[];
    bills: NewBill[];
    billLines: NewBillLine[];
  },
): Promise<void> {
  await recordDemoTables(tx, { tables: rows.tables, orderLines: rows.orderLines });
  const linesOf = groupBy(rows.billLines, (line) => line.billId);
  for (const [branchId, branchBills] of groupBy(rows.bills, (bill) => bill.branchId)) {
    await recordBills(
      tx,
      branchId,
      branchBills.map((bill) => ({
        bill: { ...bill, id: bill.id! },
        lines: linesOf.get(bill.id!) ?? [],
        payments:
          bill.status === 'Settled' && bill.totalPaise > 0
            ? [
                {
                  branchId,
                  billId: bill.id!,
                  method: bill.method,
                  amountPaise: bill.totalPaise,
                  receivedAt: bill.settledAt!,
                  receivedBy: bill.settledBy,
                },
              ]
            : [],
      })),
    );
  }
  await continueBillCounters(tx);
  // Each bill's history as billing and the dues popup write it: how it was billed, and for a
  // due settled later, its change to Settled.
  const history: AuditEntry[] = rows.bills.flatMap((bill) => {
    const settledLater = bill.status === 'Settled' && bill.responsible != null;
    const billed = settledLater
      ? { status: 'Due', method: 'Due' }
      : { status: bill.status, method: bill.method };
    const entry = (action: string, at: Date, userId: string | null, data: object) => ({
      branchId: bill.branchId,
      userId,
      action,
      entity: 'bill',
      entityId: bill.id!,
      data: { ...data },
      at,
    });
    const entries = [
      entry(
        billed.status === 'Due' ? 'bill.due' : 'bill.settle',
        bill.createdAt!,
        bill.createdBy ?? null,
        {
          tableId: bill.tableId,
          totalPaise: bill.totalPaise,
          ...billed,
        },
      ),
    ];
    if (settledLater) {
      entries.push(
        entry(BILL_STATUS_CHANGE, bill.settledAt!, bill.settledBy ?? null, {
          from: billed,
          to: { status: 'Settled', method: bill.method },
          amountPaise: bill.totalPaise,
        }),
      );
    }
    return entries;
  });
  await insertInBatches(history, (batch) => recordAudits(tx, batch));
}
