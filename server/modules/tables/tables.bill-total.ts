// What a guest will pay for an open order now (docs/gst.md, "The bill before and after
// payment"): the bill's grand total by shared/tax.ts computeOrderBill, with the branch's current
// tax profile, no discount and its service charge, as the payment works it out. The table cards
// (GET /api/tables) and the overview's open tables show it, so the amount read before paying
// is the amount on the bill in either price mode.
import { and, eq, isNull } from 'drizzle-orm';
import { computeOrderBill, type OrderTaxLine, type TaxProfileInput } from '../../../shared/tax';
import type { DbOrTx } from '../../db/client';
import { orderLines, products, tables } from '../../db/schema';
import { DEFAULT_TAX_RULES, newestTaxProfile } from '../branches/tax-profiles';

/** The branch's tax rules now (its newest profile; the defaults while it has none). */
export async function billRulesOf(db: DbOrTx, branchId: string): Promise<TaxProfileInput> {
  return (await newestTaxProfile(db, branchId)) ?? DEFAULT_TAX_RULES;
}

/** The grand total of an order's lines (their product's GST now, the default when it is gone). */
export function billTotalOf(lines: readonly OrderTaxLine[], rules: TaxProfileInput): number {
  return lines.length === 0 ? 0 : computeOrderBill(lines, 0, rules).totalPaise;
}

/** The open orders' lines of the branch's live tables, with their product's GST, by table. */
export async function openLinesByTable(
  db: DbOrTx,
  branchId: string,
): Promise<Map<string, OrderTaxLine[]>> {
  const rows = await db
    .select({
      tableId: orderLines.tableId,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      gstRateBps: products.gstRateBps,
      outsideGst: products.outsideGst,
    })
    .from(orderLines)
    .innerJoin(
      tables,
      and(
        eq(tables.branchId, orderLines.branchId),
        eq(tables.id, orderLines.tableId),
        isNull(tables.archivedAt),
      ),
    )
    .leftJoin(
      products,
      and(eq(products.branchId, orderLines.branchId), eq(products.id, orderLines.productId)),
    )
    .where(eq(orderLines.branchId, branchId));
  const byTable = new Map<string, OrderTaxLine[]>();
  for (const { tableId, gstRateBps, outsideGst, ...line } of rows) {
    const lines = byTable.get(tableId) ?? [];
    lines.push({
      ...line,
      ...(gstRateBps === null ? {} : { gstRateBps }),
      ...(outsideGst === null ? {} : { outsideGst }),
    });
    byTable.set(tableId, lines);
  }
  return byTable;
}
