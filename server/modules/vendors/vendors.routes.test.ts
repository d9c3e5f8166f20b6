import { count, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import type { InventoryItem } from '../../../shared/schemas/inventory.schemas';
import type {
  StockOptions,
  Vendor,
  VendorDetail,
  VendorList,
  VendorPaymentsSummary,
  VendorStockList,
} from '../../../shared/schemas/vendors.schemas';
import { branches, stockPurchases, vendorPayments, vendors } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { apiAs, entry } from '../inventory/inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let rice: InventoryItem;
let oil: InventoryItem;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));
  rice = await manager.addIngredient({ category: 'Grains', name: 'Rice', quantity: 0, unit: 'g' });
  oil = await manager.addIngredient({ category: 'Oils', name: 'Oil', quantity: 0, unit: 'ml' });
});
afterAll(() => t.close());

const vendorCount = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(vendors)
      .where(eq(vendors.branchId, mine.branchId))
  )[0]!.n;

const valid = {
  name: 'Annapurna Traders',
  contactNo: '98450 12345',
  address: '12 Market Road,\nBengaluru',
  categories: ['Grains', 'Oils'],
  itemIds: [] as string[],
};

describe('Add Vendor', () => {
  it('adds a vendor with the items it supplies', async () => {
    const vendor = await manager.addVendor({ ...valid, itemIds: [rice.id, oil.id] });
    expect(vendor).toMatchObject({
      name: 'Annapurna Traders',
      categories: ['Grains', 'Oils'],
      totalPaise: 0,
      paidPaise: 0,
      remainingPaise: 0,
    });
    expect(vendor.items.map((i) => [i.name, i.quantity, i.unit])).toEqual([
      ['Rice', 0, 'g'],
      ['Oil', 0, 'ml'],
    ]);
  });

  it.each([
    ['name', { name: ' ' }],
    ['contactNo', { contactNo: undefined }],
    ['address', { address: '' }],
    ['name', { name: 'Bad\u0007' }],
    ['categories.0', { categories: [''] }],
    ['itemIds.0', { itemIds: ['nope'] }],
  ])('answers 400 naming %s and writes nothing', async (field, change) => {
    const before = await vendorCount();
    const response = await manager.call('POST', '/api/vendors', { ...valid, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    expect(await vendorCount()).toBe(before);
  });

  it('refuses an item outside the chosen categories', async () => {
    const before = await vendorCount();
    const response = await manager.call('POST', '/api/vendors', {
      ...valid,
      categories: ['Grains'],
      itemIds: [rice.id, oil.id],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['itemIds.1']);
    expect(await vendorCount()).toBe(before);
  });

  it("answers 404 for another branch's item, and writes nothing", async () => {
    const foreign = await theirs.addIngredient({
      category: 'Grains',
      name: 'Rice',
      quantity: 1,
      unit: 'g',
    });
    const before = await vendorCount();
    const response = await manager.call('POST', '/api/vendors', {
      ...valid,
      itemIds: [rice.id, foreign.id],
    });
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json().error.fields)).toEqual(['itemIds.1']);
    expect(await vendorCount()).toBe(before);
  });
});

describe('vendor money', () => {
  let big: Vendor;
  let small: Vendor;
  beforeAll(async () => {
    big = await manager.addVendor({ ...valid, name: 'Big Supplier', itemIds: [rice.id] });
    small = await manager.addVendor({ ...valid, name: 'Small Supplier', itemIds: [oil.id] });
    const response = await manager.submit([
      entry(big.id, rice.id, { pricePaise: 150000, invoiceDate: '2026-10-05' }),
      entry(big.id, rice.id, { pricePaise: 50050, invoiceDate: '2026-11-02' }),
      entry(small.id, oil.id, { unit: 'ml', pricePaise: 20000, invoiceDate: '2026-11-03' }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('totals stock prices, records payments and shows what remains', async () => {
    const payment = await manager.call('POST', `/api/vendors/${big.id}/payments`, {
      amountPaise: 100000,
      paidBy: 'Ravi',
      paidOn: '2026-11-21',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const detail = (await manager.get(`/api/vendors/${big.id}`)).json() as VendorDetail;
    expect(detail).toMatchObject({ totalPaise: 200050, paidPaise: 100000, remainingPaise: 100050 });
    expect(detail.payments).toEqual([
      expect.objectContaining({ amountPaise: 100000, paidBy: 'Ravi', paidOn: '2026-11-21' }),
    ]);
    const list = (await manager.get('/api/vendors')).json() as VendorList;
    expect(list.items.find((v) => v.id === small.id)).toMatchObject({
      totalPaise: 20000,
      remainingPaise: 20000,
    });
  });

  it.each([
    ['amountPaise', { amountPaise: 0 }],
    ['amountPaise', { amountPaise: 10.5 }],
    ['paidBy', { paidBy: '' }],
    ['paidOn', { paidOn: '21-11-2026' }],
  ])('refuses a payment with a bad %s and writes nothing', async (field, change) => {
    const before = await t.database.db.select({ n: count() }).from(vendorPayments);
    const response = await manager.call('POST', `/api/vendors/${small.id}/payments`, {
      amountPaise: 100,
      paidBy: 'Ravi',
      paidOn: '2026-11-21',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    expect(await t.database.db.select({ n: count() }).from(vendorPayments)).toEqual(before);
  });

  it("refuses a payment dated after the branch's today, counted in the branch's time zone", async () => {
    const payments = () => t.database.db.select({ n: count() }).from(vendorPayments);
    const before = await payments();
    const pay = (paidOn: string) =>
      manager.call('POST', `/api/vendors/${small.id}/payments`, {
        amountPaise: 100,
        paidBy: 'Ravi',
        paidOn,
      });
    // 06:30 UTC on the 22nd: noon of the 22nd in Asia/Kolkata, so the 23rd is tomorrow.
    const tomorrow = await pay('2026-11-23');
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.fields).toEqual({ paidOn: MESSAGES.vendor.paymentDateInFuture });

    // In Los Angeles it is still 22:30 on the 21st: the 22nd is tomorrow there.
    const zone = eq(branches.id, mine.branchId);
    await t.database.db.update(branches).set({ timeZone: 'America/Los_Angeles' }).where(zone);
    // The sessions kept in memory learn the branch's zone from the database's notification.
    await t.app.deps.sessions.sync();
    try {
      expect((await pay('2026-11-22')).statusCode).toBe(400);
      expect(await payments()).toEqual(before);
      expect((await pay('2026-11-21')).statusCode).toBe(201);
    } finally {
      await t.database.db.update(branches).set({ timeZone: 'Asia/Kolkata' }).where(zone);
      await t.app.deps.sessions.sync();
    }
  });

  it('lists every vendor on the payments summary, the largest remaining first', async () => {
    const { items } = (
      await manager.get('/api/vendors/payments-summary')
    ).json() as VendorPaymentsSummary;
    const remaining = items.map((i) => i.remainingPaise);
    expect(remaining).toEqual([...remaining].sort((a, b) => b - a));
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Big Supplier', 'Small Supplier']),
    );
  });

  it('lists a vendor’s stock, searching the invoice date as text', async () => {
    const all = (await manager.get(`/api/vendors/${big.id}/stock`)).json() as VendorStockList;
    expect(all.items.map((i) => i.invoiceDate)).toEqual(['2026-11-02', '2026-10-05']);
    const november = (
      await manager.get(`/api/vendors/${big.id}/stock?invoiceDate=-11-`)
    ).json() as VendorStockList;
    expect(november.items).toEqual([
      expect.objectContaining({ stockName: 'Rice', quantity: 1000, pricePaise: 50050 }),
    ]);
  });

  it('exports stock_details.csv that a CSV parser reads back, honouring the search', async () => {
    const response = await manager.get(`/api/vendors/${big.id}/stock/csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="stock_details.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parse(response.rawPayload, { bom: true })).toEqual([
      ['Invoice Date', 'Stock Name', 'Quantity', 'Unit', 'Price'],
      ['2026-11-02', 'Rice', '1', 'kg', '500.50'],
      ['2026-10-05', 'Rice', '1', 'kg', '1500.00'],
    ]);
    const filtered = await manager.get(`/api/vendors/${big.id}/stock/csv?invoiceDate=2026-10`);
    expect(parse(filtered.rawPayload, { bom: true })).toHaveLength(2);
    const none = await manager.get(`/api/vendors/${big.id}/stock/csv?invoiceDate=1999`);
    expect(parse(none.rawPayload, { bom: true })).toEqual([
      ['Invoice Date', 'Stock Name', 'Quantity', 'Unit', 'Price'],
    ]);
  });

  it('gives each CSV quantity in the unit shown on screen, with that unit beside it', async () => {
    const oil = await manager.addIngredient({
      category: 'Oils',
      name: 'Groundnut Oil',
      quantity: 0,
      unit: 'l',
    });
    const eggs = await manager.addIngredient({
      category: 'Oils',
      name: 'Eggs (for the CSV)',
      quantity: 0,
      unit: 'pcs',
    });
    const vendor = await manager.addVendor({
      ...valid,
      name: 'Oil Depot',
      categories: ['Oils'],
      itemIds: [oil.id, eggs.id],
    });
    const submitted = await manager.submit([
      entry(vendor.id, oil.id, { invoiceDate: '2026-11-12', quantity: 15, unit: 'l' }),
      entry(vendor.id, oil.id, { invoiceDate: '2026-11-11', quantity: 250, unit: 'ml' }),
      entry(vendor.id, oil.id, { invoiceDate: '2026-11-10', quantity: 1.25, unit: 'l' }),
      entry(vendor.id, eggs.id, { invoiceDate: '2026-11-09', quantity: 30, unit: 'pcs' }),
    ]);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const response = await manager.get(`/api/vendors/${vendor.id}/stock/csv`);
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows.map((row) => row.slice(2, 4))).toEqual([
      ['Quantity', 'Unit'],
      ['15', 'L'],
      ['250', 'ml'],
      ['1.25', 'L'],
      ['30', 'pcs'],
    ]);
  });

  it('neutralises a formula typed into an item name', async () => {
    const evil = await manager.addIngredient({
      category: 'Grains',
      name: '=HYPERLINK("http://evil.example","Click")',
      quantity: 0,
      unit: 'g',
    });
    const vendor = await manager.addVendor({
      ...valid,
      name: 'Formula Test Vendor',
      itemIds: [evil.id],
    });
    await manager.submit([entry(vendor.id, evil.id, { invoiceDate: '2026-11-15' })]);
    const response = await manager.get(`/api/vendors/${vendor.id}/stock/csv`);
    const [, row] = parse(response.rawPayload, { bom: true }) as string[][];
    expect(row).toEqual([
      '2026-11-15',
      `'=HYPERLINK("http://evil.example","Click")`,
      '1',
      'kg',
      '50.00',
    ]);
  });
});

describe('editing and archiving', () => {
  it('edits the whole vendor and its supplied items', async () => {
    const vendor = await manager.addVendor({ ...valid, name: 'Old Name', itemIds: [rice.id] });
    const response = await manager.call('PUT', `/api/vendors/${vendor.id}`, {
      ...valid,
      name: 'New Name',
      categories: ['Oils'],
      itemIds: [oil.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'New Name', categories: ['Oils'] });
    expect((response.json() as Vendor).items.map((i) => i.id)).toEqual([oil.id]);
  });

  it('hides an archived vendor everywhere and keeps its purchases and payments', async () => {
    const vendor = await manager.addVendor({ ...valid, name: 'Going Away', itemIds: [rice.id] });
    await manager.submit([entry(vendor.id, rice.id)]);
    await manager.call('POST', `/api/vendors/${vendor.id}/payments`, {
      amountPaise: 100,
      paidBy: 'Ravi',
      paidOn: '2026-11-21',
    });
    expect((await manager.call('DELETE', `/api/vendors/${vendor.id}`)).statusCode).toBe(200);

    const detail = await manager.get(`/api/vendors/${vendor.id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error.message).toBe('Vendor not found');
    const list = (await manager.get('/api/vendors')).json() as VendorList;
    expect(list.items.map((v) => v.id)).not.toContain(vendor.id);
    const options = (await staff.get('/api/stock/options')).json() as StockOptions;
    expect(options.vendors.map((v) => v.id)).not.toContain(vendor.id);
    const db = t.database.db;
    const kept = await Promise.all([
      db.select({ n: count() }).from(stockPurchases).where(eq(stockPurchases.vendorId, vendor.id)),
      db.select({ n: count() }).from(vendorPayments).where(eq(vendorPayments.vendorId, vendor.id)),
    ]);
    expect(kept.map(([row]) => row!.n)).toEqual([1, 1]);
  });
});

describe('access', () => {
  it("answers 'Vendor not found' for an unknown or another branch's vendor on every vendor route", async () => {
    const foreign = await theirs.addVendor({ ...valid, name: 'Theirs' });
    for (const id of [foreign.id, '01900000-0000-7000-8000-000000000000']) {
      for (const [method, url, body] of [
        ['GET', `/api/vendors/${id}`],
        ['PUT', `/api/vendors/${id}`, valid],
        ['DELETE', `/api/vendors/${id}`],
        ['GET', `/api/vendors/${id}/stock`],
        ['GET', `/api/vendors/${id}/stock/csv`],
        [
          'POST',
          `/api/vendors/${id}/payments`,
          { amountPaise: 1, paidBy: 'X', paidOn: '2026-11-21' },
        ],
      ] as const) {
        const response = await manager.call(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.message).toBe('Vendor not found');
      }
    }
    const still = (await theirs.get(`/api/vendors/${foreign.id}`)).json() as VendorDetail;
    expect(still).toMatchObject({ name: 'Theirs', paidPaise: 0 });
  });

  it('keeps staff out of vendors, payments and exports', async () => {
    const [vendor] = ((await manager.get('/api/vendors')).json() as VendorList).items;
    for (const [method, url, body] of [
      ['GET', '/api/vendors'],
      ['GET', '/api/vendors/payments-summary'],
      ['POST', '/api/vendors', valid],
      ['GET', `/api/vendors/${vendor!.id}`],
      ['PUT', `/api/vendors/${vendor!.id}`, valid],
      ['DELETE', `/api/vendors/${vendor!.id}`],
      ['GET', `/api/vendors/${vendor!.id}/stock`],
      ['GET', `/api/vendors/${vendor!.id}/stock/csv`],
      [
        'POST',
        `/api/vendors/${vendor!.id}/payments`,
        { amountPaise: 1, paidBy: 'X', paidOn: '2026-11-21' },
      ],
    ] as const) {
      expect((await staff.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
