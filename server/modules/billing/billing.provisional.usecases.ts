import { DEFAULT_GST_RATE_BPS, DEFAULT_HSN } from '../../../shared/gst';
import { computeBill } from '../../../shared/tax';
import type { ProvisionalBill } from '../../../shared/schemas/bill-print.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { currentTaxProfile, taxProfileView } from '../branches/tax-profiles';
import { getTableOrder } from '../tables/tables.usecases';
import { emptyTable } from './billing.errors';
import { branchTimeZone } from './billing.repository';

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
  tableId,
  discountBps,
  serviceCharge,
}: {
  db: Db;
  clock: Clock;
  branchId: string;
  tableId: string;
  discountBps: number;
  serviceCharge: boolean;
}): Promise<ProvisionalBill> {
  const order = await getTableOrder({ db, branchId, tableId });
  if (order.lines.length === 0) throw emptyTable();
  const now = clock();
  const [profile, timeZone] = await Promise.all([
    currentTaxProfile(db, branchId, now),
    branchTimeZone(db, branchId),
  ]);
  const totals = computeBill(
    order.lines.map((line) => ({
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity,
      gstRateBps: line.gstRateBps ?? DEFAULT_GST_RATE_BPS,
      outsideGst: line.outsideGst ?? false,
    })),
    discountBps,
    profile,
    { serviceCharge },
  );
  return {
    tableId: order.tableId,
    tableLabel: order.label,
    at: now.toISOString(),
    timeZone,
    version: order.version,
    lines: order.lines.map((line, index) => {
      const taxed = totals.lines[index]!;
      return {
        productId: line.productId,
        name: line.name,
        subcategory: line.subcategory ?? null,
        unitPricePaise: line.unitPricePaise,
        quantity: line.quantity,
        lineTotalPaise: taxed.amountPaise,
        hsn: line.hsn ?? DEFAULT_HSN,
        gstRateBps: taxed.gstRateBps,
        outsideGst: line.outsideGst ?? false,
        discountPaise: taxed.discountPaise,
        taxablePaise: taxed.taxablePaise,
        cgstPaise: taxed.cgstPaise,
        sgstPaise: taxed.sgstPaise,
      };
    }),
    subtotalPaise: totals.subtotalPaise,
    discountBps,
    discountPaise: totals.discountPaise,
    totalPaise: totals.totalPaise,
    tax: {
      regime: profile.regime,
      pricesIncludeTax: profile.pricesIncludeTax,
      taxablePaise: totals.taxablePaise,
      nonGstPaise: totals.nonGstPaise,
      serviceChargeBps: totals.serviceChargeBps,
      serviceChargePaise: totals.serviceChargePaise,
      serviceChargeRateBps: totals.serviceChargeRateBps,
      serviceChargeTaxPaise: totals.serviceChargeCgstPaise + totals.serviceChargeSgstPaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      taxPaise: totals.taxPaise,
      roundOffPaise: totals.roundOffPaise,
      rates: totals.rates,
    },
    seller: taxProfileView(profile),
  };
}
