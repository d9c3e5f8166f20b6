import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InventoryHistory,
  InventoryItem,
  InventoryMovement,
} from '../../../shared/schemas/inventory.schemas';
import type {
  StockOptions,
  VendorDetail,
  VendorStockList,
} from '../../../shared/schemas/vendors.schemas';
import { auditLog } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import { loginAs, type BranchFixture } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { billsAs } from '../billing/billing.test-support';
import { apiAs, entry } from './inventory.test-support';

let t: TestApp;
let mine: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let staff: ReturnType<typeof apiAs>;
let theirs: ReturnType<typeof apiAs>;
let rice: InventoryItem;
let vendorId: string;

beforeAll(async () => {
  ({ t, mine, manager, staff, theirs } = await createTwoBranchApp(apiAs));
  rice = await manager.addIngredient({
    category: 'Grains',
    name: 'Rice',
    quantity: 10,
    unit: 'kg',
  });
  const vendor = await manager.addVendor({
    name: 'Grain House',
    categories: ['Grains'],
    itemIds: [rice.id],
  });
  vendorId = vendor.id;
});
afterAll(() => t.close());

const json = <T>(response: { statusCode: number; body: string }, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
};
const item = async (id: string) => json<InventoryItem>(await manager.get(`/api/inventory/${id}`));
const history = async (id: string) =>
  json<InventoryHistory>(await manager.get(`/api/inventory/${id}/history`)).items;
const vendor = async () => json<VendorDetail>(await manager.get(`/api/vendors/${vendorId}`));
const reversalUrl = (ingredientId: string, movementId: string) =>
  `/api/inventory/${ingredientId}/history/${movementId}/reversal`;

/** Submits one stock entry of Rice and answers its 'Add Stock' history row. */
async function addRice(rest: Parameters<typeof entry>[2]): Promise<InventoryMovement> {
  t.clock.advance(60_000);
  json(await manager.submit([entry(vendorId, rice.id, rest)]), 201);
  const [latest] = await history(rice.id);
  expect(latest).toMatchObject({ action: 'add_stock' });
  return latest!;
}

describe('reversing a stock entry made by mistake', () => {
  it('takes the stock back with a linked Reversal row (who, when), once, and the purchase stops counting', async () => {
    // A good purchase first: 25 kg for ₹2,250 (₹90 a kg).
    await addRice({ quantity: 25, unit: 'kg', pricePaise: 225_000, invoiceDate: '2026-11-01' });
    const before = { item: await item(rice.id), vendor: await vendor() };
    // The mistake: 25 g at ₹2,250 (₹90 a gram): the store value jumps.
    const mistake = await addRice({
      quantity: 25,
      unit: 'g',
      pricePaise: 225_000,
      invoiceDate: '2026-11-02',
    });
    const wrong = await item(rice.id);
    expect(wrong.quantity).toBe(before.item.quantity + 25);
    expect(wrong.lastPurchase).toMatchObject({ quantity: 25, pricePaise: 225_000 });
    expect((await vendor()).totalPaise).toBe(before.vendor.totalPaise + 225_000);

    t.clock.advance(60_000);
    const reversedAt = t.clock().toISOString();
    const after = json<InventoryItem>(
      await manager.call('POST', reversalUrl(rice.id, mistake.id), { reason: 'Typed grams' }),
    );
    expect(after.quantity).toBe(before.item.quantity);
    // The latest purchase that stands is the good one again, and so is the store value.
    expect(after.lastPurchase).toEqual(before.item.lastPurchase);
    expect(after.valuePaise).toBe(before.item.valuePaise);
    // Nothing is owed for it, and the vendor's stock table and CSV leave it out.
    const money = await vendor();
    expect(money.totalPaise).toBe(before.vendor.totalPaise);
    expect(money.remainingPaise).toBe(before.vendor.remainingPaise);
    const stock = json<VendorStockList>(await manager.get(`/api/vendors/${vendorId}/stock`));
    expect(stock.items.map((row) => row.invoiceDate)).not.toContain('2026-11-02');
    const csv = await manager.get(`/api/vendors/${vendorId}/stock/csv`);
    expect(csv.body).not.toContain('2026-11-02');

    // Both rows stay in the history, linked, with who and when.
    const [reversal, original] = await history(rice.id);
    expect(reversal).toMatchObject({
      action: 'reversal',
      quantityDelta: -25,
      quantityAfter: before.item.quantity,
      reversesMovementId: mistake.id,
      note: 'Typed grams',
      userName: expect.stringMatching(/^Manager /),
      createdAt: reversedAt,
      vendorName: 'Grain House',
    });
    expect(original).toMatchObject({
      id: mistake.id,
      action: 'add_stock',
      reversedAt,
      reversedByName: expect.stringMatching(/^Manager /),
    });

    // Recorded in the audit trail.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.branchId, mine.branchId), eq(auditLog.action, 'stock.reverse')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityId: rice.id });

    // Not twice: the second answers 409 and changes nothing.
    const again = await manager.call('POST', reversalUrl(rice.id, mistake.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('stock.already_reversed');
    expect((await item(rice.id)).quantity).toBe(before.item.quantity);
    expect((await vendor()).totalPaise).toBe(before.vendor.totalPaise);
  });

  it('applies only one of two reversals sent at once', async () => {
    const mistake = await addRice({ quantity: 3, unit: 'kg', pricePaise: 27_000 });
    const before = { item: await item(rice.id), vendor: await vendor() };
    const second = apiAs(t.app, await loginAs(t.app, mine.manager.email));
    const responses = await Promise.all([
      manager.call('POST', reversalUrl(rice.id, mistake.id), {}),
      second.call('POST', reversalUrl(rice.id, mistake.id), {}),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await item(rice.id)).quantity).toBe(before.item.quantity - 3000);
    expect((await vendor()).totalPaise).toBe(before.vendor.totalPaise - 27_000);
    const reversals = (await history(rice.id)).filter((m) => m.reversesMovementId === mistake.id);
    expect(reversals).toHaveLength(1);
  });

  it('reverses only stock entries, and only for managers of the branch', async () => {
    const mistake = await addRice({ quantity: 1, unit: 'kg', pricePaise: 9_000 });
    const opening = (await history(rice.id)).find((m) => m.action === 'add_inventory')!;
    const notStock = await manager.call('POST', reversalUrl(rice.id, opening.id), {});
    expect(notStock.statusCode).toBe(409);
    expect(notStock.json().error.code).toBe('stock.not_reversible');

    expect((await staff.call('POST', reversalUrl(rice.id, mistake.id), {})).statusCode).toBe(403);
    expect((await theirs.call('POST', reversalUrl(rice.id, mistake.id), {})).statusCode).toBe(404);
    const unknown = await manager.call('POST', reversalUrl(rice.id, randomUUID()), {});
    expect(unknown.statusCode).toBe(404);
    // A reversal row itself cannot be reversed.
    json(await manager.call('POST', reversalUrl(rice.id, mistake.id), {}));
    const [reversal] = await history(rice.id);
    const twice = await manager.call('POST', reversalUrl(rice.id, reversal!.id), {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('stock.not_reversible');
  });
});

describe('Add Stock choices and the history of sales', () => {
  it("gives managers each item's latest purchase that stands, staff none", async () => {
    const byManager = json<StockOptions>(await manager.get('/api/stock/options'));
    const supplied = byManager.vendors.find((v) => v.id === vendorId)!.items[0]!;
    expect(supplied.lastPurchase).toEqual({ pricePaise: 225_000, quantity: 25_000 });
    const byStaff = json<StockOptions>(await staff.get('/api/stock/options'));
    expect(byStaff.vendors.find((v) => v.id === vendorId)!.items[0]!.lastPurchase).toBeNull();
  });

  it('names the bill (number) and the table of a sale', async () => {
    const cookie = await loginAs(t.app, mine.manager.email);
    const bills = billsAs(t.app, cookie);
    const product = json<{ id: string }>(
      await bills.call('POST', '/api/products', {
        name: 'Veg Biryani',
        pricePaise: 15_000,
        subcategory: 'Mains',
        ingredients: [{ ingredientId: rice.id, quantityUsed: 200 }],
      }),
      201,
    );
    const bill = await bills.bill({
      items: [[product.id, 2]],
      status: 'Settled',
      tableLabel: 'Table 7',
      payments: (total) => [{ method: 'Cash', amountPaise: total }],
    });
    const [sale] = await history(rice.id);
    expect(sale).toMatchObject({
      action: 'sale',
      quantityDelta: -400,
      billNumber: bill.number,
      tableLabel: 'Table 7',
    });
  });
});
