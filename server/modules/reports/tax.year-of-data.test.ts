import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxReport } from '../../../shared/schemas/tax-report.schemas';
import { computeBill } from '../../../shared/tax';
import { generateYearOfData, type YearOfData } from '../../../bench/year-of-data';
import { rowsOf } from '../../lib/sql';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let branch: BranchFixture;
let data: YearOfData;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-10T18:00:00Z');
  branch = await createBranchFixture(t.database.db);
  data = await generateYearOfData(t.database.db, branch.branchId, {
    now: new Date('2026-11-10T18:00:00Z'),
    days: 4,
    billsPerDay: 60,
  });
}, 120_000);
afterAll(() => t?.close());

interface Row {
  id: string;
  discount_bps: number;
  subtotal_paise: number;
  discount_paise: number;
  taxable_paise: number;
  non_gst_paise: number;
  cgst_paise: number;
  tax_paise: number;
  round_off_paise: number;
  total_paise: number;
  lines: {
    unit_price_paise: number;
    quantity: number;
    gst_rate_bps: number | null;
    outside_gst: boolean;
    discount_paise: number;
    taxable_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    rate: number;
  }[];
}

describe('the generated year of data (bench/year-of-data.ts)', () => {
  it('bills every bill and line as shared/tax.ts computeBill does (regular regime, round-off on)', async () => {
    const result = await t.database.db.execute(sql`
      select b.id, b.discount_bps, b.subtotal_paise, b.discount_paise, b.taxable_paise,
        b.non_gst_paise, b.cgst_paise, b.tax_paise, b.round_off_paise, b.total_paise,
        json_agg(json_build_object('unit_price_paise', l.unit_price_paise,
          'quantity', l.quantity, 'gst_rate_bps', l.gst_rate_bps, 'outside_gst', l.outside_gst,
          'discount_paise', l.discount_paise, 'taxable_paise', l.taxable_paise,
          'cgst_paise', l.cgst_paise, 'sgst_paise', l.sgst_paise,
          'rate', p.gst_rate_bps) order by l.id) as lines
      from bills b join bill_lines l on l.branch_id = b.branch_id and l.bill_id = b.id
      join products p on p.branch_id = l.branch_id and p.id = l.product_id
      where b.branch_id = ${branch.branchId}::uuid
      group by b.branch_id, b.id`);
    const rows = rowsOf<Row>(result);
    expect(rows.length).toBe(data.bills);
    let discounted = 0;
    for (const row of rows) {
      const computed = computeBill(
        row.lines.map((l) => ({
          unitPricePaise: l.unit_price_paise,
          quantity: l.quantity,
          gstRateBps: l.rate,
          outsideGst: l.outside_gst,
        })),
        row.discount_bps,
        { regime: 'regular', pricesIncludeTax: false, roundOff: true, serviceChargeBps: 0 },
      );
      if (row.discount_bps > 0) discounted++;
      expect(
        {
          subtotal: row.subtotal_paise,
          discount: row.discount_paise,
          taxable: row.taxable_paise,
          nonGst: row.non_gst_paise,
          cgst: row.cgst_paise,
          tax: row.tax_paise,
          roundOff: row.round_off_paise,
          total: row.total_paise,
          lines: row.lines.map((l) => [
            l.discount_paise,
            l.taxable_paise,
            l.cgst_paise,
            l.sgst_paise,
            l.gst_rate_bps,
          ]),
        },
        row.id,
      ).toEqual({
        subtotal: computed.subtotalPaise,
        discount: computed.discountPaise,
        taxable: computed.taxablePaise,
        nonGst: computed.nonGstPaise,
        cgst: computed.cgstPaise,
        tax: computed.taxPaise,
        roundOff: computed.roundOffPaise,
        total: computed.totalPaise,
        lines: computed.lines.map((l) => [
          l.discountPaise,
          l.taxablePaise,
          l.cgstPaise,
          l.sgstPaise,
          l.gstRateBps,
        ]),
      });
    }
    expect(discounted).toBeGreaterThan(0);
  });

  it('gives the tax report rates, outside GST and B2B invoices whose figures add up to the bills', async () => {
    const manager = callsAs(t.app, await loginAs(t.app, branch.manager.email));
    const response = await manager(
      'GET',
      `/api/reports/tax?from=${data.firstDay}&to=${data.lastDay}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as TaxReport;
    expect(report.byRate.map((r) => r.rateBps)).toEqual([500, 1800, -1]);
    expect(report.untaxed.bills).toBe(0);
    expect(report.documents.reduce((n, d) => n + d.issued, 0)).toBe(data.bills);
    const sums = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        select sum(total_paise - round_off_paise) as value, sum(tax_paise) as tax,
          count(*) filter (where buyer_gstin is not null) as b2b
        from bills where branch_id = ${branch.branchId}::uuid`),
    )[0]!;
    expect(report.totals.grandValuePaise).toBe(Number(sums.value));
    expect(report.totals.taxPaise).toBe(Number(sums.tax));
    expect(report.b2b.totalRows).toBe(Number(sums.b2b));
  });
});
