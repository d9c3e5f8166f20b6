/**
 * What closing a day leaves open (docs/cash.md, "Tables open at the close"): the branch's
 * tables with an order, each with its grand total as the payment would bill it now (the
 * provisional bill: shared/tax.ts computeBill, GST and the default service charge, no
 * discount) and the items not yet sent to the kitchen. A table left open over the close keeps
 * its order and is billed on the business day it is paid.
 */
import type { OpenTableAtClose } from '../../../shared/schemas/cash.schemas';
import type { Db } from '../../db/client';
import type { SessionBranch } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { provisionalBill } from '../billing/billing.provisional.usecases';
import { getTableOrder, listTables } from '../tables/tables.usecases';

export async function openTablesAtClose({
  db,
  clock,
  branchId,
  timeZone,
}: SessionBranch & {
  db: Db;
  clock: Clock;
}): Promise<OpenTableAtClose[]> {
  const { items } = await listTables({ db, branchId });
  const open = items.filter((table) => table.itemCount > 0);
  const answers = await Promise.all(
    open.map(async (table) => {
      try {
        const [order, bill] = await Promise.all([
          getTableOrder({ db, branchId, tableId: table.id }),
          provisionalBill({
            db,
            clock,
            branchId,
            timeZone,
            tableId: table.id,
            discountBps: 0,
            serviceCharge: true,
          }),
        ]);
        return {
          tableId: table.id,
          label: table.label,
          totalPaise: bill.totalPaise,
          unsentItems: order.lines
            .filter((line) => line.quantity > (line.sentQuantity ?? 0))
            .map((line) => ({
              name: line.name,
              quantity: line.quantity - (line.sentQuantity ?? 0),
            })),
        };
      } catch (error) {
        // Paid or emptied since the list was read: no longer open.
        if (error instanceof AppError && error.statusCode < 500) return null;
        throw error;
      }
    }),
  );
  return answers.filter((answer) => answer !== null);
}
