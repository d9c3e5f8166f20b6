import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../lib/sql';

/**
 * Where the branch's kept daily totals disagree with its bills, lines and payments added up
 * (none when they agree): item sales, add-on sales, bill totals and money received per method. Cancelled
 * bills are out of the totals (docs/gst.md), and a day's row they leave at zero counts as none.
 */
export async function dailyTotalsMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  return [
    ...(await itemSalesMismatches(db, branchId)),
    ...(await addonSalesMismatches(db, branchId)),
    ...(await billTotalsMismatches(db, branchId)),
    ...(await billMoneyMismatches(db, branchId)),
  ];
}

/**
 * The branch's bills whose paid columns disagree with their payments (Cash/Card/UPI/Other),
 * or whose search text is not their number, table, method, status and responsible.
 */
async function billMoneyMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  const received = ['Cash', 'Card', 'UPI', 'Other'].map(
    (method) => sql`coalesce(sum(p.amount_paise) filter (where p.method = ${method}), 0)`,
  );
  const result = await db.execute(sql`
    select number, kept, counted, searchable from (
      select b.number,
        concat_ws('/', b.paid_cash_paise, b.paid_card_paise, b.paid_upi_paise, b.paid_other_paise)
          as kept,
        concat_ws('/', ${sql.join(received, sql`, `)}) as counted,
        b.search_text = bill_search_text(b.number, b.table_label, b.method::text,
          b.status::text, b.responsible) as searchable
      from bills b
      left join bill_payments p on p.branch_id = b.branch_id and p.bill_id = b.id
      where b.branch_id = ${branchId}::uuid
      group by b.branch_id, b.id
    ) x
    where kept <> counted or not searchable
    order by number`);
  return rowsOf<{ number: string; kept: string; counted: string; searchable: boolean }>(result).map(
    (row) =>
      row.kept !== row.counted
        ? `bill ${row.number} received ${row.kept} (Cash/Card/UPI/Other), its payments say ${row.counted}`
        : `bill ${row.number}: its search text is not its number, table, method, status and responsible`,
  );
}

/**
 * Where the branch's `daily_item_sales` disagrees with its bill lines added up by day and name,
 * one line per difference (none when they agree): a bill whose lines were not added, were added
 * twice, or were added without the bill being written.
 */
async function itemSalesMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with kept as (
      select business_date, name, quantity, revenue_paise, lines
      from daily_item_sales where branch_id = ${branchId}::uuid
        and (quantity, revenue_paise, lines) <> (0, 0, 0)
    ), counted as (
      select l.business_date, l.name, sum(l.quantity) as quantity,
        sum(l.line_total_paise) as revenue_paise, count(*) as lines
      from bill_lines l
      join bills b on b.branch_id = l.branch_id and b.id = l.bill_id
      where l.branch_id = ${branchId}::uuid and b.status <> 'Cancelled'
      group by l.business_date, l.name
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

/**
 * Where the branch's `daily_addon_sales` disagrees with the add-ons of its bill lines added up
 * by day, group and option name (units: the lines' quantities; revenue: price × quantity).
 */
async function addonSalesMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with kept as (
      select business_date, group_name, name, quantity, revenue_paise
      from daily_addon_sales where branch_id = ${branchId}::uuid
        and (quantity, revenue_paise) <> (0, 0)
    ), counted as (
      select l.business_date, a.addon->>'group' as group_name, a.addon->>'name' as name,
        sum(l.quantity) as quantity,
        sum((a.addon->>'pricePaise')::bigint * l.quantity) as revenue_paise
      from bill_lines l
      join bills b on b.branch_id = l.branch_id and b.id = l.bill_id
      cross join lateral jsonb_array_elements(l.addons) as a(addon)
      where l.branch_id = ${branchId}::uuid and b.status <> 'Cancelled'
      group by l.business_date, a.addon->>'group', a.addon->>'name'
    )
    select business_date::text as day, group_name, name,
      k.quantity::text || '/' || k.revenue_paise::text as kept,
      c.quantity::text || '/' || c.revenue_paise::text as counted
    from kept k full join counted c using (business_date, group_name, name)
    where (k.quantity, k.revenue_paise) is distinct from (c.quantity, c.revenue_paise)
    order by 1, 2, 3`);
  return rowsOf<Record<string, string | null>>(result).map(
    (row) =>
      `daily add-on sales of ${row.group_name}: ${row.name} on ${row.day}: ` +
      `kept ${row.kept ?? 'none'} (quantity/revenue), the lines say ${row.counted ?? 'none'}`,
  );
}

/**
 * Where the branch's `daily_bill_totals` and `daily_received` disagree with its bills and
 * payments added up by day and hour (bill totals) or by day and method (money received): a
 * bill added twice, not added, or not taken out and added back when it was settled.
 */
async function billTotalsMismatches(db: DbOrTx, branchId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with kept as (
      select business_date, 'bill totals at ' || hour || 'h' as what,
        concat_ws('/', bills, subtotal_paise, discount_paise, total_paise, due_total_paise,
          due_paid_paise) as v
      from daily_bill_totals where branch_id = ${branchId}::uuid
        and (bills, subtotal_paise, discount_paise, total_paise, due_total_paise, due_paid_paise)
          <> (0, 0, 0, 0, 0, 0)
      union all
      select business_date, 'money received by ' || method, amount_paise::text
      from daily_received where branch_id = ${branchId}::uuid and amount_paise <> 0
    ), counted as (
      select b.business_date, 'bill totals at ' || b.business_hour || 'h' as what,
        concat_ws('/', count(*), sum(b.subtotal_paise), sum(b.discount_paise), sum(b.total_paise),
          coalesce(sum(b.total_paise) filter (where b.status = 'Due'), 0),
          coalesce(sum(p.paid) filter (where b.status = 'Due'), 0)) as v
      from bills b
      left join lateral (
        select sum(amount_paise) as paid from bill_payments
        where branch_id = b.branch_id and bill_id = b.id
      ) p on true
      where b.branch_id = ${branchId}::uuid and b.status <> 'Cancelled'
      group by b.business_date, b.business_hour
      union all
      select b.business_date, 'money received by ' || p.method, sum(p.amount_paise)::text
      from bills b join bill_payments p on p.branch_id = b.branch_id and p.bill_id = b.id
      where b.branch_id = ${branchId}::uuid and b.status <> 'Cancelled'
      group by b.business_date, p.method
    )
    select business_date::text as day, what, k.v as kept, c.v as counted
    from kept k full join counted c using (business_date, what)
    where k.v is distinct from c.v
    order by 1, 2`);
  return rowsOf<Record<string, string | null>>(result).map(
    (row) =>
      `${row.what} for the bills of ${row.day}: kept ${row.kept ?? 'none'}, ` +
      `the bills say ${row.counted ?? 'none'}` +
      (row.what!.startsWith('bill')
        ? ' (bills/subtotal/discount/total/due total/paid on due)'
        : ''),
  );
}
