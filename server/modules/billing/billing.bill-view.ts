// A bill as the API answers it, from its stored row (billing.repository.ts findBill): its tax
// as it was worked out, its seller and buyer, an equal split part's figures. The payment, the
// equal split, the reprint and the reports' panels read bills through `readBill`.
import { sumPaise } from '../../../shared/money';
import type { Bill, BillTax } from '../../../shared/schemas/billing.schemas';
import type { DbOrTx } from '../../db/client';
import type { TaxProfile } from '../../db/schema';
import { findTaxProfile, taxProfileView } from '../branches/tax-profiles';
import { billNotFound } from './billing.errors';
import * as repo from './billing.repository';

export type StoredBill = NonNullable<Awaited<ReturnType<typeof repo.findBill>>>;

/**
 * A bill's tax as it was worked out (null before GST billing). The summary per rate adds up
 * its lines and puts the service charge in its rate's row, as computeBill does.
 */
function billTaxOf(row: StoredBill): BillTax | null {
  if (row.taxRegime === null) return null;
  const rates = new Map<number, { taxablePaise: number; cgstPaise: number; sgstPaise: number }>();
  const add = (rateBps: number, taxable: number, half: number) => {
    const rate = rates.get(rateBps) ?? { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 };
    rate.taxablePaise += taxable;
    rate.cgstPaise += half;
    rate.sgstPaise += half;
    rates.set(rateBps, rate);
  };
  for (const line of row.lines) {
    if (line.gstRateBps !== null) add(line.gstRateBps, line.taxablePaise!, line.cgstPaise!);
  }
  if (row.serviceChargeRateBps !== null && row.serviceChargePaise! > 0) {
    add(row.serviceChargeRateBps, row.serviceChargePaise!, row.serviceChargeTaxPaise! / 2);
  }
  return {
    regime: row.taxRegime,
    pricesIncludeTax: row.pricesIncludeTax!,
    taxablePaise: row.taxablePaise!,
    nonGstPaise: row.nonGstPaise!,
    serviceChargeBps: row.serviceChargeBps!,
    serviceChargePaise: row.serviceChargePaise!,
    serviceChargeRateBps: row.serviceChargeRateBps,
    serviceChargeTaxPaise: row.serviceChargeTaxPaise!,
    cgstPaise: row.cgstPaise!,
    sgstPaise: row.sgstPaise!,
    taxPaise: row.taxPaise!,
    roundOffPaise: row.roundOffPaise!,
    rates: [...rates].sort(([a], [b]) => a - b).map(([rateBps, rate]) => ({ rateBps, ...rate })),
  };
}

export function billView(row: StoredBill, seller: TaxProfile | undefined): Bill {
  return {
    id: row.id,
    number: row.number,
    businessDate: row.businessDate,
    tableId: row.tableId,
    tableLabel: row.tableLabel,
    lines: row.lines.map(
      ({
        shareOf,
        sharePart,
        wholeQuantity,
        complimentaryReason,
        complimentaryValuePaise,
        ...stored
      }) => {
        // A complimentary line (docs/complimentary.md): its reason and menu value; absent else.
        const line =
          complimentaryReason === null
            ? stored
            : {
                ...stored,
                complimentary: {
                  reason: complimentaryReason,
                  valuePaise: complimentaryValuePaise ?? 0,
                },
              };
        return shareOf === null
          ? line
          : {
              ...line,
              shareOf,
              ...(sharePart === null ? {} : { sharePart }),
              ...(wholeQuantity === null ? {} : { wholeQuantity }),
            };
      },
    ),
    subtotalPaise: row.subtotalPaise,
    discountBps: row.discountBps,
    discountPaise: row.discountPaise,
    discountFlatPaise: row.discountFlatPaise,
    totalPaise: row.totalPaise,
    status: row.status,
    method: row.method,
    responsible: row.responsible,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    guests: row.guests,
    // Only on the parts of an equal split.
    ...(row.splitPart === null || row.splitParts === null
      ? {}
      : {
          split: {
            part: row.splitPart,
            parts: row.splitParts,
            ...(row.splitTotalPaise === null
              ? {}
              : { totalPaise: row.splitTotalPaise, differencePaise: row.splitDifferencePaise }),
          },
        }),
    payments: row.payments.map((payment) => ({
      ...payment,
      receivedAt: payment.receivedAt.toISOString(),
    })),
    paidPaise: sumPaise(row.payments.map((payment) => payment.amountPaise)),
    tax: billTaxOf(row),
    seller: seller ? taxProfileView(seller) : null,
    buyer:
      row.buyerGstin === null
        ? null
        : { name: row.buyerName!, gstin: row.buyerGstin, address: row.buyerAddress! },
    cancellation:
      row.cancelledAt === null
        ? null
        : {
            at: row.cancelledAt.toISOString(),
            by: row.cancelledBy,
            reason: row.cancelReason!,
          },
  };
}

/** A bill with its lines and payments; 404 when the branch has no such bill. */
export async function readBill(db: DbOrTx, branchId: string, id: string): Promise<Bill> {
  const row = await repo.findBill(db, branchId, id);
  if (!row) throw billNotFound();
  const seller = row.taxProfileId
    ? await findTaxProfile(db, branchId, row.taxProfileId)
    : undefined;
  return billView(row, seller);
}
