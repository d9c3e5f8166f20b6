import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../lib/sql';

/**
 * Where the branch's `daily_item_sales` disagrees with its bill lines added up by day and name,
 * one line per difference (none when they agree): a bill whose lines were not added, were added
 * twice, or were added without the bill being written.
 */
export async function itemSalesMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with kept as (
      select business_date, name, quantity, revenue_paise, lines
      from daily_item_sales where branch_id = ${branchId}::uuid
    ), counted as (
      select business_date, name, sum(quantity) as quantity,
        sum(line_total_paise) as revenue_paise, count(*) as lines
      from bill_lines where branch_id = ${branchId}::uuid
      group by business_date, name
    )
    select business_date::text as day, name,
      k.quantity::text || '/' || k.revenue_paise::text || '/' || k.lines::text as kept,
      c.quantity::text || '/' || c.revenue_paise::text || '/' || c.lines::text as counted
    from kept k full join counted c using (business_date, name)
    where (k.quantity, k.revenue_paise, k.lines) is distinct from (c.quantity, c.revenue_paise, c.lines)
    order by 1, 2`);
  return rowsOf<Record<string, string | null>>(result).map(
    (row) =>
      `daily item sales of ${row.name} on ${row.day}: ` +
      `kept ${row.kept ?? 'none'} (quantity/revenue/lines), the lines say ${row.counted ?? 'none'}`,
  );
}
