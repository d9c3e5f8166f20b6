/**
 * A business day's X/Z report (docs/cash.md, "The X and Z reports"): one statement over the
 * day's bills (by business date), the money that moved on the day (payments, settlements and
 * refunds by when they happened, on the branch's clock), the per-day totals (tax, items), voids,
 * KOTs and the day's shifts. Each part reaches its rows through an index by branch and day, so
 * a busy day of a year of data answers in a few milliseconds (docs/performance.md).
 */
import { sql } from 'drizzle-orm';
import { addDays, startOfBusinessDate } from '../../../shared/dates';
import type { PaymentMethod } from '../../../shared/constants';
import type { DayReport, Shift } from '../../../shared/schemas/cash.schemas';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/** How many items the report lists, best sellers first. */
export const TOP_ITEMS = 5;

interface Figures {
  sales: {
    gross: string;
    discount: string;
    service: string;
    tax: string;
    round_off: string;
    total: string;
    covers: string;
    count: string;
    first_number: string | null;
    last_number: string | null;
    cancelled_count: string;
    cancelled_total: string;
    dues_count: string;
    dues_paise: string;
  };
  taxes: { rate_bps: number; taxable: string; cgst: string; sgst: string }[] | null;
  payments: { method: PaymentMethod; count: string; amount: string }[] | null;
  refunds: { method: PaymentMethod; count: string; amount: string }[] | null;
  settled: { count: string; amount: string };
  voids: { count: string; quantity: string; amount: string };
  kots: string;
  top: { name: string; quantity: string; revenue: string }[] | null;
  outside: string;
}

/** The figures of `businessDate` (all but the shifts), as one row of JSON. */
async function dayFigures(
  db: DbOrTx,
  branchId: string,
  businessDate: string,
  timeZone: string,
): Promise<Figures> {
  const from = startOfBusinessDate(businessDate, timeZone).toISOString();
  const to = startOfBusinessDate(addDays(businessDate, 1), timeZone).toISOString();
  const rows = rowsOf<{ figures: Figures }>(
    await db.execute(sql`with
      day_bills as (
        select b.* from bills b where b.branch_id = ${branchId} and b.business_date = ${businessDate}
      ),
      day_payments as (
        select p.* from bill_payments p
        where p.branch_id = ${branchId} and p.received_at >= ${from}::timestamptz
          and p.received_at < ${to}::timestamptz
      ),
      day_refunds as (
        select r.* from bill_refunds r
        where r.branch_id = ${branchId} and r.refunded_at >= ${from}::timestamptz
          and r.refunded_at < ${to}::timestamptz
      )
    select json_build_object(
      'sales', (select json_build_object(
          'gross', coalesce(sum(b.subtotal_paise) filter (where b.status <> 'Cancelled'), 0),
          'discount', coalesce(sum(b.discount_paise) filter (where b.status <> 'Cancelled'), 0),
          'service', coalesce(sum(b.service_charge_paise) filter (where b.status <> 'Cancelled'), 0),
          'tax', coalesce(sum(b.tax_paise) filter (where b.status <> 'Cancelled'), 0),
          'round_off', coalesce(sum(b.round_off_paise) filter (where b.status <> 'Cancelled'), 0),
          'total', coalesce(sum(b.total_paise) filter (where b.status <> 'Cancelled'), 0),
          'covers', coalesce(sum(b.guests) filter (where b.status <> 'Cancelled'), 0),
          'count', count(*),
          'first_number', min(b.number),
          'last_number', max(b.number),
          'cancelled_count', count(*) filter (where b.status = 'Cancelled'),
          'cancelled_total', coalesce(sum(b.total_paise) filter (where b.status = 'Cancelled'), 0),
          'dues_count', count(*) filter (where b.responsible is not null and b.status <> 'Cancelled'),
          'dues_paise', coalesce(sum(b.total_paise - (
              select coalesce(sum(p.amount_paise), 0) from bill_payments p
              where p.branch_id = b.branch_id and p.bill_id = b.id and p.received_at <= b.created_at
            )) filter (where b.responsible is not null and b.status <> 'Cancelled'), 0)
        ) from day_bills b),
      'taxes', (select json_agg(t order by t.rate_bps desc) from (
          select s.rate_bps, sum(s.taxable_paise) as taxable, sum(s.cgst_paise) as cgst,
            sum(s.sgst_paise) as sgst
          from daily_tax_sales s
          where s.branch_id = ${branchId} and s.business_date = ${businessDate}
          group by s.rate_bps
          having sum(s.taxable_paise) <> 0 or sum(s.cgst_paise) <> 0
        ) t),
      'payments', (select json_agg(m order by m.method) from (
          select p.method, count(*) as count, sum(p.amount_paise) as amount
          from day_payments p group by p.method
        ) m),
      'refunds', (select json_agg(m order by m.method) from (
          select r.method, count(*) as count, sum(r.amount_paise) as amount
          from day_refunds r group by r.method
        ) m),
      'settled', (select json_build_object('count', count(distinct p.bill_id),
          'amount', coalesce(sum(p.amount_paise), 0))
        from day_payments p
        join bills b on b.branch_id = p.branch_id and b.id = p.bill_id
        where p.received_at > b.created_at),
      'voids', (select json_build_object('count', count(*), 'quantity', coalesce(sum(v.quantity), 0),
          'amount', coalesce(sum(v.value_paise), 0))
        from voids v where v.branch_id = ${branchId} and v.business_date = ${businessDate}),
      'kots', (select count(*) from kots k
        where k.branch_id = ${branchId} and k.business_date = ${businessDate} and k.reason <> 'void'),
      'top', (select json_agg(i) from (
          select s.name, s.quantity, s.revenue_paise as revenue
          from daily_item_sales s
          where s.branch_id = ${branchId} and s.business_date = ${businessDate} and s.quantity > 0
          order by s.quantity desc, s.revenue_paise desc, s.name
          limit ${TOP_ITEMS}
        ) i),
      'outside', (select coalesce(sum(p.amount_paise), 0) from day_payments p
        where p.method = 'Cash' and p.shift_id is null)
    ) as figures`),
  );
  return rows[0]!.figures;
}

const n = (value: string | number | null | undefined) => Number(value ?? 0);

/** The day's report from its figures and its shifts. */
export async function buildDayReport(
  db: DbOrTx,
  input: {
    branchId: string;
    branchName: string;
    businessDate: string;
    timeZone: string;
    kind: 'X' | 'Z';
    at: Date;
    closedBy: string | null;
    shifts: Shift[];
  },
): Promise<DayReport> {
  const f = await dayFigures(db, input.branchId, input.businessDate, input.timeZone);
  const s = f.sales;
  const byMethod = (rows: Figures['payments']) =>
    (rows ?? []).map((row) => ({
      method: row.method,
      count: n(row.count),
      amountPaise: n(row.amount),
    }));
  return {
    kind: input.kind,
    businessDate: input.businessDate,
    branchName: input.branchName,
    generatedAt: input.at.toISOString(),
    closedAt: input.kind === 'Z' ? input.at.toISOString() : null,
    closedBy: input.kind === 'Z' ? input.closedBy : null,
    sales: {
      grossPaise: n(s.gross),
      discountPaise: n(s.discount),
      netPaise: n(s.gross) - n(s.discount),
      serviceChargePaise: n(s.service),
      taxPaise: n(s.tax),
      roundOffPaise: n(s.round_off),
      totalPaise: n(s.total),
    },
    taxes: (f.taxes ?? []).map((row) => ({
      rateBps: row.rate_bps,
      taxablePaise: n(row.taxable),
      cgstPaise: n(row.cgst),
      sgstPaise: n(row.sgst),
    })),
    payments: byMethod(f.payments),
    refunds: byMethod(f.refunds),
    dues: {
      createdCount: n(s.dues_count),
      createdPaise: n(s.dues_paise),
      settledCount: n(f.settled.count),
      settledPaise: n(f.settled.amount),
    },
    cancelled: { count: n(s.cancelled_count), totalPaise: n(s.cancelled_total) },
    voids: {
      count: n(f.voids.count),
      quantity: n(f.voids.quantity),
      amountPaise: n(f.voids.amount),
    },
    bills: { count: n(s.count), firstNumber: s.first_number, lastNumber: s.last_number },
    kots: n(f.kots),
    covers: n(s.covers),
    topItems: (f.top ?? []).map((row) => ({
      name: row.name,
      quantity: n(row.quantity),
      revenuePaise: n(row.revenue),
    })),
    shifts: input.shifts,
    cashOutsideShiftsPaise: n(f.outside),
  };
}
