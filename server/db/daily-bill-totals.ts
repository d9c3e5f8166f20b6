import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { paidOfBill } from './bill-paid';
import { billPayments, bills, dailyBillTotals, dailyReceived } from './schema';

/**
 * Adds these bills of the branch as they now are (`sign` -1: takes them out) to
 * `daily_bill_totals` (per business day and hour) and `daily_received` (per business day and
 * method), in the caller's transaction; `null` adds every bill of a branch whose bills were
 * never added, as the demo seed and generated data write them. A payment adds its bill once its
 * payments are written; a settlement takes its bill out before it changes it and adds it back
 * after, so the rows always add up the bills as they are.
 */
export async function addDailyBillTotals(
  db: DbOrTx,
  branchId: string,
  billIds: readonly string[] | null,
  sign: 1 | -1 = 1,
): Promise<void> {
  if (billIds?.length === 0) return;
  const ofBills: SQL = sql`b.branch_id = ${branchId}::uuid
    ${billIds ? sql`and b.id in ${billIds}` : sql``}`;
  const times = sql.raw(String(sign));
  await db.execute(sql`
    insert into ${dailyBillTotals} as d
      (branch_id, business_date, hour, bills, subtotal_paise, total_paise, due_total_paise,
        due_paid_paise)
    select b.branch_id, b.business_date, b.business_hour, ${times} * count(*),
      ${times} * sum(b.subtotal_paise), ${times} * sum(b.total_paise),
      ${times} * coalesce(sum(b.total_paise) filter (where b.status = 'Due'), 0),
      ${times} * coalesce(sum(${paidOfBill('b')}) filter (where b.status = 'Due'), 0)
    from ${bills} b
    where ${ofBills}
    group by b.branch_id, b.business_date, b.business_hour
    on conflict (branch_id, business_date, hour) do update
      set bills = d.bills + excluded.bills,
        subtotal_paise = d.subtotal_paise + excluded.subtotal_paise,
        total_paise = d.total_paise + excluded.total_paise,
        due_total_paise = d.due_total_paise + excluded.due_total_paise,
        due_paid_paise = d.due_paid_paise + excluded.due_paid_paise`);
  await db.execute(sql`
    insert into ${dailyReceived} as d (branch_id, business_date, method, amount_paise)
    select b.branch_id, b.business_date, p.method, ${times} * sum(p.amount_paise)
    from ${bills} b
    join ${billPayments} p on p.branch_id = b.branch_id and p.bill_id = b.id
    where ${ofBills}
    group by b.branch_id, b.business_date, p.method
    on conflict (branch_id, business_date, method) do update
      set amount_paise = d.amount_paise + excluded.amount_paise`);
}
