// An open order as a bill: its lines with their share of the discount and their tax, and the
// bill's tax figures, from shared/tax.ts computeOrderBill with the branch's tax profile. The
// payment stores them (billing.usecases.ts) and the provisional bill shows them
// (billing.provisional.usecases.ts): one mapping for both.
import { DEFAULT_HSN } from '../../../shared/gst';
import type { BillLineView, BillTax } from '../../../shared/schemas/billing.schemas';
import type { OrderLine } from '../../../shared/schemas/tables.schemas';
import { billedParts } from '../../../shared/complimentary';
import { computeOrderBill, type TaxedBill } from '../../../shared/tax';
import type { TaxProfile } from '../../db/schema';

/** The order's bill: computeOrderBill's figures and each line as the bill keeps it. */
export function billOfOrder(
  orderLines: readonly OrderLine[],
  discountBps: number,
  profile: TaxProfile,
  serviceCharge: boolean,
  /** A flat ₹ discount besides the percentage (computeBill's `discountFlatPaise`). */
  discountFlatPaise = 0,
): {
  totals: TaxedBill;
  lines: (BillLineView & {
    complimentaryBy: string | null;
    complimentaryApprovedBy: string | null;
  })[];
} {
  const totals = computeOrderBill(orderLines, discountBps, profile, {
    serviceCharge,
    discountFlatPaise,
  });
  // computeOrderBill bills each line's parts: its charged items, then its complimentary ones.
  const lines = billedParts(orderLines).map(({ line, quantity, complimentary }, index) => {
    const taxed = totals.lines[index]!;
    const given = complimentary ? line.complimentary! : null;
    return {
      productId: line.productId,
      name: line.name,
      variantId: line.variantId,
      variantName: line.variantName,
      addons: line.addons,
      note: line.note,
      subcategory: line.subcategory ?? null,
      unitPricePaise: given ? 0 : line.unitPricePaise,
      quantity,
      lineTotalPaise: taxed.amountPaise,
      hsn: line.hsn ?? DEFAULT_HSN,
      gstRateBps: taxed.gstRateBps,
      outsideGst: line.outsideGst ?? false,
      discountPaise: taxed.discountPaise,
      taxablePaise: taxed.taxablePaise,
      cgstPaise: taxed.cgstPaise,
      sgstPaise: taxed.sgstPaise,
      complimentary: given
        ? { reason: given.reason, valuePaise: line.unitPricePaise * quantity }
        : null,
      complimentaryBy: given?.by ?? null,
      complimentaryApprovedBy: given?.approvedBy ?? null,
    };
  });
  return { totals, lines };
}

/** The bill's tax as it answers it (without the summary per rate) and as its row keeps it. */
export function taxFiguresOf(profile: TaxProfile, totals: TaxedBill): Omit<BillTax, 'rates'> {
  return {
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
  };
}
