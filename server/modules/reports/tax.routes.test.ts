import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter, type TaxRegime } from '../../../shared/gst';
import type { OrdersReport } from '../../../shared/schemas/orders-report.schemas';
import type { PaymentsReport } from '../../../shared/schemas/payments-report.schemas';
import type { B2bPage, TaxReport } from '../../../shared/schemas/tax-report.schemas';
import { computeBill } from '../../../shared/tax';
import { bills, tables } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { callsAs } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';
import {
  addDailyBillTotals,
  addDailyItemSales,
  addDailyTaxSales,
  recordBills,
} from '../billing/bill-ledger';

let t: TestApp;
let mine: BranchFixture;
let other: BranchFixture;
let manager: ReturnType<typeof callsAs>;
let staff: ReturnType<typeof callsAs>;

interface Item {
  name: string;
  pricePaise: number;
  quantity: number;
  rateBps?: number;
  outsideGst?: boolean;
  hsn?: string;
}

/**
 * Writes a bill as the payment writes one (shared/tax.ts computeBill, the ledger's per-day
 * totals): regular regime, prices without tax, round-off on; `regime: null` writes a bill of
 * before GST billing (no tax columns).
 */
async function writeBill(
  branch: BranchFixture,
  input: {
    day: string;
    number: string;
    items: Item[];
    discountBps?: number;
    buyer?: { gstin: string; name: string };
    regime?: TaxRegime | null;
  },
): Promise<{ id: string; totalPaise: number }> {
  const db = t.database.db;
  const [table] = await db
    .insert(tables)
    .values({ branchId: branch.branchId, label: `T ${input.number}` })
    .returning({ id: tables.id });
  const id = uuidv7();
  const discountBps = input.discountBps ?? 0;
  const regime = input.regime === undefined ? 'regular' : input.regime;
  const computed = computeBill(
    input.items.map((item) => ({
      unitPricePaise: item.pricePaise,
      quantity: item.quantity,
      gstRateBps: item.rateBps ?? 500,
      outsideGst: item.outsideGst ?? false,
    })),
    discountBps,
    {
      regime: regime ?? 'unregistered',
      pricesIncludeTax: false,
      roundOff: regime !== null,
      serviceChargeBps: 0,
    },
  );
  const tax =
    regime === null
      ? {}
      : {
          taxRegime: regime,
          pricesIncludeTax: false,
          taxablePaise: computed.taxablePaise,
          nonGstPaise: computed.nonGstPaise,
          serviceChargeBps: 0,
          serviceChargePaise: 0,
          serviceChargeTaxPaise: 0,
          cgstPaise: computed.cgstPaise,
          sgstPaise: computed.sgstPaise,
          taxPaise: computed.taxPaise,
          roundOffPaise: computed.roundOffPaise,
          buyerGstin: input.buyer?.gstin ?? null,
          buyerName: input.buyer?.name ?? null,
        };
  await recordBills(db, branch.branchId, [
    {
      bill: {
        branchId: branch.branchId,
        id,
        tableId: table!.id,
        tableLabel: `T ${input.number}`,
        number: input.number,
        financialYear: '2026-27',
        businessDate: input.day,
        subtotalPaise: computed.subtotalPaise,
        discountBps,
        discountPaise: computed.discountPaise,
        totalPaise: computed.totalPaise,
        method: 'Cash',
        status: 'Settled',
        idempotencyKey: uuidv7(),
        createdBy: branch.manager.id,
        createdAt: new Date(`${input.day}T08:00:00Z`),
        ...tax,
      },
      lines: input.items.map((item, i) => {
        const line = computed.lines[i]!;
        return {
          branchId: branch.branchId,
          billId: id,
          name: item.name,
          unitPricePaise: item.pricePaise,
          quantity: item.quantity,
          lineTotalPaise: item.pricePaise * item.quantity,
          ...(regime === null
            ? {}
            : {
                hsn: item.hsn ?? '996331',
                gstRateBps: line.gstRateBps,
                outsideGst: item.outsideGst ?? false,
                discountPaise: line.discountPaise,
                taxablePaise: line.taxablePaise,
                cgstPaise: line.cgstPaise,
                sgstPaise: line.sgstPaise,
              }),
        };
      }),
      payments: [
        { branchId: branch.branchId, billId: id, method: 'Cash', amountPaise: computed.totalPaise },
      ],
    },
  ]);
  return { id, totalPaise: computed.totalPaise };
}

/** Cancels a bill as the cancellation does: out of the per-day totals, then marked Cancelled. */
async function cancel(branch: BranchFixture, billId: string) {
  const db = t.database.db;
  await addDailyItemSales(db, branch.branchId, [billId], -1);
  await addDailyBillTotals(db, branch.branchId, [billId], -1);
  await addDailyTaxSales(db, branch.branchId, [billId], -1);
  await db
    .update(bills)
    .set({
      status: 'Cancelled',
      cancelledAt: new Date('2026-11-10T12:00:00Z'),
      cancelledBy: branch.manager.id,
      cancelReason: 'Wrong table',
    })
    .where(and(eq(bills.branchId, branch.branchId), eq(bills.id, billId)));
}

const RANGE = 'from=2026-11-09&to=2026-11-10';
const thali = { name: 'Thali', pricePaise: 25_000 };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-10T10:00:00Z');
  mine = await createBranchFixture(t.database.db);
  other = await createBranchFixture(t.database.db);
  manager = callsAs(t.app, await loginAs(t.app, mine.manager.email));
  staff = callsAs(t.app, await loginAs(t.app, mine.staff.email));

  // Before GST billing: ₹400, no tax data.
  await writeBill(mine, {
    day: '2026-11-09',
    number: 'TA/2026-27/000001',
    regime: null,
    items: [{ ...thali, pricePaise: 20_000, quantity: 2 }],
  });
  // B2C: 2 thalis at 5 % (₹500, CGST 12.50) and a beer outside GST (₹300): ₹825.00.
  await writeBill(mine, {
    day: '2026-11-10',
    number: 'TA/2627/000002',
    items: [
      { ...thali, quantity: 2 },
      { name: 'Beer', pricePaise: 30_000, quantity: 1, outsideGst: true, hsn: '2203' },
    ],
  });
  // B2C at 10 % off: cake ₹100 at 18 % → ₹90 (CGST 8.10), thali ₹250 at 5 % → ₹225
  // (CGST 5.625 → 5.63); ₹315 + ₹27.46 = ₹342.46, round-off −0.46: ₹342.
  await writeBill(mine, {
    day: '2026-11-10',
    number: 'TA/2627/000003',
    discountBps: 1000,
    items: [
      { name: 'Cake', pricePaise: 10_000, quantity: 1, rateBps: 1800, hsn: '1905' },
      { ...thali, quantity: 1 },
    ],
  });
  // B2B: 4 thalis at 5 %: ₹1,000 + ₹50 tax.
  await writeBill(mine, {
    day: '2026-11-10',
    number: 'TA/2627/000004',
    buyer: { gstin: '29ABCDE1234F1Z5', name: 'Acme Foods Pvt Ltd' },
    items: [{ ...thali, quantity: 4 }],
  });
  // Cancelled: issued and cancelled, in no figure.
  const cancelled = await writeBill(mine, {
    day: '2026-11-10',
    number: 'TA/2627/000005',
    items: [{ ...thali, quantity: 1 }],
  });
  await cancel(mine, cancelled.id);
  // Another branch's bills on the same days are never counted here.
  await writeBill(other, {
    day: '2026-11-10',
    number: 'OB/2627/000001',
    buyer: { gstin: '27AAACB1234C1Z9', name: 'Theirs' },
    items: [{ ...thali, quantity: 9, rateBps: 1800 }],
  });
  await writeBill(other, {
    day: '2026-11-09',
    number: 'OB/2026-27/000001',
    regime: null,
    items: [{ ...thali, quantity: 3 }],
  });
});
afterAll(() => t?.close());

async function report(query = RANGE, call = manager): Promise<TaxReport> {
  const response = await call('GET', `/api/reports/tax?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaxReport;
}

async function csv(part: string, query = RANGE) {
  const response = await manager('GET', `/api/reports/tax/${part}.csv?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="tax_${part}_2026-11-09_2026-11-10.csv"`,
  );
  return parse(response.rawPayload, { bom: true }) as string[][];
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

describe('GET /api/reports/tax', () => {
  it('adds up sales by rate from the per-day figures, outside GST apart, untaxed bills counted apart, the cancelled bill left out', async () => {
    const answer = await report();
    expect(answer.byRate).toEqual([
      {
        rateBps: 500,
        taxablePaise: 172_500,
        cgstPaise: 4_313,
        sgstPaise: 4_313,
        taxPaise: 8_626,
        valuePaise: 181_126,
      },
      {
        rateBps: 1800,
        taxablePaise: 9_000,
        cgstPaise: 810,
        sgstPaise: 810,
        taxPaise: 1_620,
        valuePaise: 10_620,
      },
      {
        rateBps: -1,
        taxablePaise: 30_000,
        cgstPaise: 0,
        sgstPaise: 0,
        taxPaise: 0,
        valuePaise: 30_000,
      },
    ]);
    expect(answer.untaxed).toEqual({ bills: 1, valuePaise: 40_000 });
    expect(answer.totals).toEqual({
      taxablePaise: 211_500,
      cgstPaise: 5_123,
      sgstPaise: 5_123,
      taxPaise: 10_246,
      valuePaise: 221_746,
      untaxedPaise: 40_000,
      // The bills' totals (₹825 + ₹342 + ₹1,050 + ₹400 = ₹2,617) less the round-off (−₹0.46).
      grandValuePaise: 261_746,
    });
  });

  it('summarises HSN/SAC per rate with quantities, B2C per rate, and the documents issued per series', async () => {
    const answer = await report();
    expect(
      answer.hsn.map((r) => [r.hsn, r.rateBps, r.quantity, r.taxablePaise, r.cgstPaise]),
    ).toEqual([
      ['1905', 1800, 1, 9_000, 810],
      ['2203', -1, 1, 30_000, 0],
      ['996331', 500, 7, 172_500, 4_313],
    ]);
    expect(answer.b2c.map((r) => [r.rateBps, r.taxablePaise, r.cgstPaise, r.valuePaise])).toEqual([
      [500, 72_500, 1_813, 76_126],
      [1800, 9_000, 810, 10_620],
      [-1, 30_000, 0, 30_000],
    ]);
    expect(answer.documents).toEqual([
      {
        series: 'TA/2026-27/',
        first: 'TA/2026-27/000001',
        last: 'TA/2026-27/000001',
        issued: 1,
        cancelled: 0,
        net: 1,
      },
      {
        series: 'TA/2627/',
        first: 'TA/2627/000002',
        last: 'TA/2627/000005',
        issued: 4,
        cancelled: 1,
        net: 3,
      },
    ]);
  });

  it('lists the B2B invoices with the buyer and rate-wise taxable value and tax', async () => {
    const { b2b } = await report();
    expect(b2b).toMatchObject({ page: 1, pageSize: 50, totalRows: 1 });
    expect(b2b.rows).toEqual([
      {
        id: expect.any(String),
        number: 'TA/2627/000004',
        businessDate: '2026-11-10',
        buyerGstin: '29ABCDE1234F1Z5',
        buyerName: 'Acme Foods Pvt Ltd',
        invoiceValuePaise: 105_000,
        taxablePaise: 100_000,
        taxPaise: 5_000,
        rates: [
          {
            rateBps: 500,
            taxablePaise: 100_000,
            cgstPaise: 2_500,
            sgstPaise: 2_500,
            taxPaise: 5_000,
            valuePaise: 105_000,
          },
        ],
      },
    ]);
    expect(b2b.totals).toMatchObject({
      invoices: 1,
      invoiceValuePaise: 105_000,
      taxablePaise: 100_000,
      taxPaise: 5_000,
    });
    const page2 = await manager('GET', `/api/reports/tax/b2b?${RANGE}&page=2&pageSize=25`);
    expect(page2.statusCode, page2.body).toBe(200);
    expect(page2.json()).toMatchObject({
      rows: [],
      page: 2,
      totalRows: 1,
    } satisfies Partial<B2bPage>);
  });

  it('answers a range without bills with empty sections, and one day alone', async () => {
    const empty = await report('from=2026-10-01&to=2026-10-31');
    expect(empty).toMatchObject({ byRate: [], hsn: [], b2c: [], documents: [] });
    expect(empty.untaxed).toEqual({ bills: 0, valuePaise: 0 });
    const legacyDay = await report('from=2026-11-09&to=2026-11-09');
    expect(legacyDay.byRate).toEqual([]);
    expect(legacyDay.untaxed).toEqual({ bills: 1, valuePaise: 40_000 });
  });

  it('never counts another branch’s bills', async () => {
    const theirs = callsAs(t.app, await loginAs(t.app, other.manager.email));
    const answer = await report(RANGE, theirs);
    expect(answer.byRate.map((r) => [r.rateBps, r.taxablePaise])).toEqual([[1800, 225_000]]);
    expect(answer.untaxed).toEqual({ bills: 1, valuePaise: 75_000 });
    expect(answer.documents.map((d) => d.series)).toEqual(['OB/2026-27/', 'OB/2627/']);
    expect(answer.b2b.rows.map((r) => r.buyerName)).toEqual(['Theirs']);
  });
});

describe('the tax report as CSV', () => {
  it('exports sales by rate with the untaxed row and a Total equal to the JSON totals', async () => {
    const rows = await csv('rates');
    expect(rows[0]).toEqual([
      'Rate (%)',
      'Type',
      'Description',
      'Bills',
      'Taxable Value',
      'CGST Amount',
      'SGST/UTGST Amount',
      'Total Tax',
      'Total Value',
    ]);
    expect(rows.slice(1)).toEqual([
      // Bills: 000002–000004 have a 5 % line, 000003 an 18 % one, 000002 a beer outside GST;
      // the Total counts each bill once (3 since GST billing and the untaxed one).
      ['5.00', 'GST', '5 %', '3', '1725.00', '43.13', '43.13', '86.26', '1811.26'],
      ['18.00', 'GST', '18 %', '1', '90.00', '8.10', '8.10', '16.20', '106.20'],
      ['', 'Outside GST', 'Outside GST', '1', '300.00', '0.00', '0.00', '0.00', '300.00'],
      ['', 'Untaxed', 'Untaxed (before GST billing)', '1', '', '', '', '', '400.00'],
      ['Total', '', '', '4', '2115.00', '51.23', '51.23', '102.46', '2617.46'],
    ]);
    const { totals } = await report();
    const total = rows.at(-1)!;
    expect(total.slice(4).map((cell) => Math.round(Number(cell) * 100))).toEqual([
      totals.taxablePaise,
      totals.cgstPaise,
      totals.sgstPaise,
      totals.taxPaise,
      totals.grandValuePaise,
    ]);
  });

  it('exports the HSN/SAC summary, B2C per rate, B2B per invoice and rate and the documents, each with totals equal to the screen’s', async () => {
    const answer = await report();
    const hsn = await csv('hsn');
    expect(hsn.at(-1)).toEqual([
      'Total',
      '',
      '',
      '9',
      rupees(answer.totals.taxablePaise),
      rupees(answer.totals.cgstPaise),
      rupees(answer.totals.sgstPaise),
      rupees(answer.totals.taxPaise),
      rupees(answer.totals.valuePaise),
    ]);
    // The screen shows the totals the answer carries, the CSVs' Total rows.
    expect(answer.hsnTotals).toEqual({
      quantity: 9,
      taxablePaise: answer.totals.taxablePaise,
      cgstPaise: answer.totals.cgstPaise,
      sgstPaise: answer.totals.sgstPaise,
      taxPaise: answer.totals.taxPaise,
      valuePaise: answer.totals.valuePaise,
    });
    const b2c = await csv('b2c');
    const b2cTaxable = answer.b2c.reduce((n, r) => n + r.taxablePaise, 0);
    expect(answer.b2cTotals.taxablePaise).toBe(b2cTaxable);
    expect(b2c.at(-1)![3]).toBe(rupees(b2cTaxable));
    const b2b = await csv('b2b');
    expect(b2b.slice(1)).toEqual([
      [
        '29ABCDE1234F1Z5',
        'Acme Foods Pvt Ltd',
        'TA/2627/000004',
        '2026-11-10',
        '1050.00',
        '5.00',
        'GST',
        '1000.00',
        '25.00',
        '25.00',
      ],
      ['Total (1 invoices)', '', '', '', '1050.00', '', '', '1000.00', '25.00', '25.00'],
    ]);
    const documents = await csv('documents');
    expect(documents.slice(1)).toEqual([
      [
        'Invoices for outward supply',
        'TA/2026-27/',
        'TA/2026-27/000001',
        'TA/2026-27/000001',
        '1',
        '0',
        '1',
      ],
      [
        'Invoices for outward supply',
        'TA/2627/',
        'TA/2627/000002',
        'TA/2627/000005',
        '4',
        '1',
        '3',
      ],
      ['Total', '', '', '', '5', '1', '4'],
    ]);
    expect(answer.documentTotals).toEqual({ issued: 5, cancelled: 1, net: 4 });
  });
});

describe('net sales and tax in the orders and payments reports', () => {
  it('shows net sales (total − tax − round-off) and tax next to the totals', async () => {
    const payments = await manager('GET', `/api/reports/payments?${RANGE}`);
    expect(payments.statusCode, payments.body).toBe(200);
    expect((payments.json() as PaymentsReport).totals).toMatchObject({
      netSalesPaise: 251_500,
      taxPaise: 10_246,
    });
    const orders = await manager('GET', `/api/reports/orders?${RANGE}`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect((orders.json() as OrdersReport).summary).toMatchObject({
      netSalesPaise: 251_500,
      taxPaise: 10_246,
    });
  });
});

describe('who may read it and what it refuses', () => {
  const urls = [
    '/api/reports/tax',
    '/api/reports/tax/b2b',
    '/api/reports/tax/rates.csv',
    '/api/reports/tax/hsn.csv',
    '/api/reports/tax/b2b.csv',
    '/api/reports/tax/b2c.csv',
    '/api/reports/tax/documents.csv',
  ];

  it('refuses staff (403) on the report and every CSV', async () => {
    for (const url of urls) {
      const response = await staff('GET', url);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=22-11-2026', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-11-22&to=2026-11-21', 'to'],
    ['from=2025-01-01&to=2026-11-22', 'to'],
  ])('answers 400 naming the field for %s, as JSON without an attachment', async (query, field) => {
    for (const url of urls) {
      const response = await manager('GET', `${url}?${query}`);
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(Object.keys(response.json().error.fields), `${url}?${query}`).toEqual([field]);
    }
  });

  it('answers 400 naming the page field', async () => {
    const response = await manager('GET', '/api/reports/tax?page=0');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['page']);
  });
});

describe('bills paid and cancelled through the API', () => {
  it('counts a paid bill at its rate and a bill cancelled by POST /api/bills/:id/cancel only as issued and cancelled', async () => {
    const first14 = '29AABCR1234K1Z';
    const registered = await createBranchFixture(t.database.db, {
      taxProfile: {
        regime: 'regular',
        gstin: first14 + gstinCheckCharacter(first14),
        roundOff: true,
        invoicePrefix: 'RG',
      },
    });
    const api = billsAs(t.app, await loginAs(t.app, registered.manager.email));
    const dish = await api.product(25_000, 'Thali');
    // 2 thalis at 5 %: ₹500 + ₹25 tax; 1 thali: ₹250 + ₹12.50 + ₹0.50 round-off, then cancelled.
    const kept = await api.bill({
      items: [[dish, 2]],
      status: 'Settled',
      payments: () => [{ method: 'Cash', amountPaise: 52_500 }],
    });
    const cancelled = await api.bill({
      items: [[dish, 1]],
      status: 'Settled',
      payments: () => [{ method: 'UPI', amountPaise: 26_300 }],
    });
    expect([kept.number, cancelled.number]).toEqual(['RG/2627/000001', 'RG/2627/000002']);
    const cancel = await api.call('POST', `/api/bills/${cancelled.id}/cancel`, {
      reason: 'Duplicate bill',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const answer = await report('from=2026-11-10&to=2026-11-10', api.call);
    expect(answer.byRate).toEqual([
      {
        rateBps: 500,
        taxablePaise: 50_000,
        cgstPaise: 1_250,
        sgstPaise: 1_250,
        taxPaise: 2_500,
        valuePaise: 52_500,
      },
    ]);
    expect(answer.documents).toEqual([
      {
        series: 'RG/2627/',
        first: 'RG/2627/000001',
        last: 'RG/2627/000002',
        issued: 2,
        cancelled: 1,
        net: 1,
      },
    ]);
    const payments = await api.call('GET', '/api/reports/payments?from=2026-11-10&to=2026-11-10');
    expect((payments.json() as PaymentsReport).totals).toMatchObject({
      grandTotalPaise: 52_500,
      netSalesPaise: 50_000,
      taxPaise: 2_500,
    });
  });
});
