import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersReport } from '../../../shared/schemas/orders-report.schemas';
import type { Bill, BillPrint } from '../../../shared/schemas/billing.schemas';
import type { Product } from '../../../shared/schemas/products.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { billLines, bills, products } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callsAs } from '../../test/api-client';

/**
 * A regular-regime tax invoice paid through the API, every stored figure checked against a
 * calculation done by hand (docs/gst.md, "The calculation"), not by computeBill.
 */

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let staff: ReturnType<typeof callsAs>;
let thali: Product;
let mocktail: Product;

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

async function tableWithOrder(): Promise<{ table: TableSummary; order: TableOrder }> {
  const table = await json<TableSummary>(
    await manager('POST', '/api/tables', { label: `G${randomUUID().slice(0, 8)}` }),
    201,
  );
  let order: TableOrder | undefined;
  for (const [product, delta] of [
    [thali, 2],
    [mocktail, 3],
  ] as const) {
    order = await json<TableOrder>(
      await staff('POST', `/api/tables/${table.id}/lines`, {
        opId: randomUUID(),
        productId: product.id,
        delta,
      }),
    );
  }
  return { table, order: order! };
}

const BUYER = {
  name: 'Acme Traders Pvt Ltd',
  // Typed in lower case with spaces: stored upper-cased and trimmed.
  gstin: ' 29aagcb7383j1z4 ',
  address: '12 MG Road\nBengaluru 560001',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  mine = await createBranchFixture(db, {
    taxProfile: {
      regime: 'regular',
      gstin: '27AAPFU0939F1ZV',
      pricesIncludeTax: false,
      roundOff: true,
      serviceChargeBps: 1000,
      invoicePrefix: 'DC',
    },
  });
  manager = callsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = callsAs(t.app, await loginAs(t.app, mine.staff.email));
  const product = async (name: string, pricePaise: number) =>
    json<Product>(
      await manager('POST', '/api/products', {
        name,
        pricePaise,
        subcategory: 'Menu',
        ingredients: [],
      }),
      201,
    );
  thali = await product('Veg Thali', 24_000);
  mocktail = await product('Virgin Mojito', 9_950);
  await db.update(products).set({ gstRateBps: 500 }).where(eq(products.id, thali.id));
  await db
    .update(products)
    .set({ gstRateBps: 1800, hsn: '2202' })
    .where(eq(products.id, mocktail.id));
});

afterAll(async () => {
  await t?.close();
});

describe('a regular-regime tax invoice', () => {
  it('stores every figure as worked out by hand: 5 % and 18 % lines, 10 % discount, 10 % service charge, round-off, a B2B buyer', async () => {
    // Lines (exclusive prices):
    //   Veg Thali      ₹240.00 × 2 = 48,000 paise at 5 %  (SAC 996331)
    //   Virgin Mojito  ₹99.50  × 3 = 29,850 paise at 18 % (HSN 2202)
    //   subtotal = 77,850
    // Discount 10 % = 7,785 (exact), spread by value: thali 7,785 × 48,000 / 77,850 = 4,800,
    //   mojito 7,785 × 29,850 / 77,850 = 2,985 (both exact).
    //   net: thali 43,200, mojito 26,865.
    // 5 % group:  half = round(43,200 × 500 / 20,000) = 1,080        taxable 43,200
    // 18 % group: half = round(26,865 × 1,800 / 20,000) = 2,417.85 → 2,418   taxable 26,865
    // Taxable = 43,200 + 26,865 = 70,065; no outside-GST line.
    // Service charge 10 % of 70,065 = 7,006.5 → 7,007 (half up), taxed at the rate of the
    //   largest group (5 %, 43,200 > 26,865): half = round(7,007 × 500 / 20,000) = 175.175 → 175.
    // CGST = SGST = 1,080 + 2,418 + 175 = 3,673; tax = 7,346 (service charge's 350).
    // Summary: 5 %: taxable 43,200 + 7,007 = 50,207, CGST 1,255, SGST 1,255;
    //          18 %: taxable 26,865, CGST 2,418, SGST 2,418.
    // Before round-off: 70,065 + 7,007 + 7,346 = 84,418 → round-off −18 → total 84,400 (₹844).
    const { table, order } = await tableWithOrder();
    const bill = await json<Bill>(
      await staff('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        discountPercent: 10,
        status: 'Settled',
        serviceCharge: true,
        buyer: BUYER,
        payments: [
          { method: 'Cash', amountPaise: 40_000 },
          { method: 'UPI', amountPaise: 44_400 },
        ],
      }),
      201,
    );

    expect(bill.number).toBe('DC/2627/000001');
    expect(bill.number.length).toBeLessThanOrEqual(16);
    expect(bill).toMatchObject({
      subtotalPaise: 77_850,
      discountBps: 1000,
      discountPaise: 7_785,
      totalPaise: 84_400,
      paidPaise: 84_400,
      status: 'Settled',
      method: 'UPI',
      buyer: {
        name: 'Acme Traders Pvt Ltd',
        gstin: '29AAGCB7383J1Z4',
        address: '12 MG Road\nBengaluru 560001',
      },
      seller: {
        gstin: '27AAPFU0939F1ZV',
        state: { code: '27', name: 'Maharashtra' },
        regime: 'regular',
        serviceChargeBps: 1000,
        invoicePrefix: 'DC',
      },
      cancellation: null,
    });
    expect(bill.tax).toEqual({
      regime: 'regular',
      pricesIncludeTax: false,
      taxablePaise: 70_065,
      nonGstPaise: 0,
      serviceChargeBps: 1000,
      serviceChargePaise: 7_007,
      serviceChargeRateBps: 500,
      serviceChargeTaxPaise: 350,
      cgstPaise: 3_673,
      sgstPaise: 3_673,
      taxPaise: 7_346,
      roundOffPaise: -18,
      rates: [
        { rateBps: 500, taxablePaise: 50_207, cgstPaise: 1_255, sgstPaise: 1_255 },
        { rateBps: 1800, taxablePaise: 26_865, cgstPaise: 2_418, sgstPaise: 2_418 },
      ],
    });
    expect(bill.lines).toEqual([
      {
        productId: thali.id,
        name: 'Veg Thali',
        variantId: null,
        variantName: null,
        addons: [],
        note: '',
        subcategory: 'Menu',
        unitPricePaise: 24_000,
        quantity: 2,
        lineTotalPaise: 48_000,
        hsn: '996331',
        gstRateBps: 500,
        outsideGst: false,
        discountPaise: 4_800,
        taxablePaise: 43_200,
        cgstPaise: 1_080,
        sgstPaise: 1_080,
      },
      {
        productId: mocktail.id,
        name: 'Virgin Mojito',
        variantId: null,
        variantName: null,
        addons: [],
        note: '',
        subcategory: 'Menu',
        unitPricePaise: 9_950,
        quantity: 3,
        lineTotalPaise: 29_850,
        hsn: '2202',
        gstRateBps: 1800,
        outsideGst: false,
        discountPaise: 2_985,
        taxablePaise: 26_865,
        cgstPaise: 2_418,
        sgstPaise: 2_418,
      },
    ]);
    expect(bill.payments.map((p) => [p.method, p.amountPaise])).toEqual([
      ['Cash', 40_000],
      ['UPI', 44_400],
    ]);

    // The stored row holds the same figures (what a reprint years later reads).
    const db = t.database.db;
    const [row] = await db.select().from(bills).where(eq(bills.id, bill.id));
    expect(row).toMatchObject({
      number: 'DC/2627/000001',
      subtotalPaise: 77_850,
      discountBps: 1000,
      discountPaise: 7_785,
      totalPaise: 84_400,
      taxRegime: 'regular',
      pricesIncludeTax: false,
      taxablePaise: 70_065,
      nonGstPaise: 0,
      serviceChargeBps: 1000,
      serviceChargePaise: 7_007,
      serviceChargeRateBps: 500,
      serviceChargeTaxPaise: 350,
      cgstPaise: 3_673,
      sgstPaise: 3_673,
      taxPaise: 7_346,
      roundOffPaise: -18,
      buyerName: 'Acme Traders Pvt Ltd',
      buyerGstin: '29AAGCB7383J1Z4',
      buyerAddress: '12 MG Road\nBengaluru 560001',
      paidCashPaise: 40_000,
      paidUpiPaise: 44_400,
    });
    const lines = await db
      .select({
        name: billLines.name,
        hsn: billLines.hsn,
        gstRateBps: billLines.gstRateBps,
        discountPaise: billLines.discountPaise,
        taxablePaise: billLines.taxablePaise,
        cgstPaise: billLines.cgstPaise,
        sgstPaise: billLines.sgstPaise,
      })
      .from(billLines)
      .where(eq(billLines.billId, bill.id))
      .orderBy(billLines.id);
    expect(lines).toEqual([
      {
        name: 'Veg Thali',
        hsn: '996331',
        gstRateBps: 500,
        discountPaise: 4_800,
        taxablePaise: 43_200,
        cgstPaise: 1_080,
        sgstPaise: 1_080,
      },
      {
        name: 'Virgin Mojito',
        hsn: '2202',
        gstRateBps: 1800,
        discountPaise: 2_985,
        taxablePaise: 26_865,
        cgstPaise: 2_418,
        sgstPaise: 2_418,
      },
    ]);

    // The reprint reads it back as it was answered.
    const printed = await json<BillPrint>(await staff('GET', `/api/bills/${bill.id}`));
    const { branch: _branch, ...reprint } = printed;
    expect(reprint).toEqual(bill);

    // The orders report counts its discount (not subtotal − total, which now holds the tax),
    // its total, its net sales (total − tax − round-off) and its tax.
    const day = bill.businessDate;
    const report = await json<OrdersReport>(
      await manager('GET', `/api/reports/orders?from=${day}&to=${day}`),
    );
    expect(report.summary).toMatchObject({
      discountPaise: 7_785,
      netPaise: 84_400,
      netSalesPaise: 84_400 - 7_346 + 18,
      taxPaise: 7_346,
    });
  });

  it("refuses a buyer whose GSTIN's check character is wrong, naming the field", async () => {
    const { table, order } = await tableWithOrder();
    const refused = await json<{ error: { fields?: Record<string, string> } }>(
      await staff('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order.version,
        status: 'Settled',
        buyer: { ...BUYER, gstin: '29AAGCB7383J1Z5' },
        payments: [{ method: 'Cash', amountPaise: 1 }],
      }),
      400,
    );
    expect(Object.keys(refused.error.fields ?? {})).toContain('buyer.gstin');
  });
});
