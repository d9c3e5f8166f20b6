import type { ProvisionalBill } from '../../../shared/schemas/bill-print.schemas';
import type { Db } from '../../db/client';
import type { SessionBranch } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { currentTaxProfile, taxProfileView } from '../branches/tax-profiles';
import { getTableOrder } from '../tables/tables.usecases';
import { billOfOrder, taxFiguresOf } from './bill-tax';
import { chargedSubtotalPaise } from '../../../shared/complimentary';
import { maxFlatDiscountPaise } from '../../../shared/tax';
import { discountFlatTooLarge, emptyTable } from './billing.errors';

/**
 * A table's provisional bill (docs/gst.md): its order as it is now, worked out by computeBill
 * with the branch's current tax profile exactly as the payment would bill it (the same line
 * defaults, discount and service-charge choice), with the seller's details. It has no number and
 * records nothing: the guest asks for the bill before paying. 404 for a table of another branch
 * (getTableOrder), 400 `billing.empty_table` for a table with nothing on it.
 */
export async function provisionalBill({
  db,
  clock,
  branchId,
  timeZone,
  tableId,
  discountBps,
  discountFlatPaise = 0,
  serviceCharge,
}: SessionBranch & {
  db: Db;
  clock: Clock;
  tableId: string;
  discountBps: number;
  /** A flat ₹ discount besides the percentage, as the payment takes it. */
  discountFlatPaise?: number;
  serviceCharge: boolean;
}): Promise<ProvisionalBill> {
  const order = await getTableOrder({ db, branchId, tableId });
  if (order.lines.length === 0) throw emptyTable();
  const now = clock();
  const profile = await currentTaxProfile(db, branchId, now);
  const maxFlat = maxFlatDiscountPaise(chargedSubtotalPaise(order.lines), discountBps);
  if (discountFlatPaise > maxFlat) throw discountFlatTooLarge(maxFlat);
  const { totals, lines } = billOfOrder(
    order.lines,
    discountBps,
    profile,
    serviceCharge,
    discountFlatPaise,
  );
  return {
    tableId: order.tableId,
    tableLabel: order.label,
    at: now.toISOString(),
    timeZone,
    version: order.version,
    openedAt: order.openedAt,
    lines,
    subtotalPaise: totals.subtotalPaise,
    discountBps,
    discountFlatPaise,
    discountPaise: totals.discountPaise,
    totalPaise: totals.totalPaise,
    tax: { ...taxFiguresOf(profile, totals), rates: totals.rates },
    seller: taxProfileView(profile),
  };
}
