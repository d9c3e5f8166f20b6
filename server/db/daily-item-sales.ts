import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { billLines, dailyItemSales } from './schema';

/**
 * Adds the lines of these bills of the branch (`null`: every bill of a branch whose lines were
 * never added, as the demo seed and generated data write them) to `daily_item_sales`, in the
 * caller's transaction. Call it once per bill, in the transaction that writes the bill's lines:
 * the payment's transaction already holds the branch's bill counter, so these upserts wait for
 * nobody new.
 */
export async function addDailyItemSales(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[] | null,
): Promise<void> {
  if (billIds?.length === 0) return;
  await db.execute(sql`
    insert into ${dailyItemSales} as d (branch_id, business_date, name, quantity, revenue_paise, lines)
    select l.branch_id, l.business_date, l.name, sum(l.quantity), sum(l.line_total_paise), count(*)
    from ${billLines} l
    where l.branch_id = ${branchId}::uuid
      ${billIds ? sql`and l.bill_id in ${billIds}` : sql``}
    group by l.branch_id, l.business_date, l.name
    on conflict (branch_id, business_date, name) do update
      set quantity = d.quantity + excluded.quantity,
        revenue_paise = d.revenue_paise + excluded.revenue_paise,
        lines = d.lines + excluded.lines`);
}
