import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import { bills } from '../../db/schema';
import { createTwoBranchApp } from '../../test/api-client';
import type { TestApp } from '../../test/test-app';
import { billsAs } from './billing.test-support';

/** Issue 30: a flat ₹ discount besides the percentage, through the one tax rule. */
let t: TestApp;
let manager: ReturnType<typeof billsAs>;
let dish: string;

beforeAll(async () => {
  let rest;
  ({ t, manager, ...rest } = await createTwoBranchApp(billsAs));
  void rest;
  dish = await manager.product(25_000, 'Biryani');
});
afterAll(() => t.close());

async function tableWithTwo() {
  const table = (
    await manager.call('POST', '/api/tables', { label: `F-${randomUUID().slice(0, 6)}` })
  ).json() as { id: string };
  const order = (
    await manager.call('POST', `/api/tables/${table.id}/lines`, {
      opId: randomUUID(),
      productId: dish,
      delta: 2,
    })
  ).json() as TableOrder;
  return { tableId: table.id, version: order.version };
}

const pay = (table: { tableId: string; version: number }, body: object) =>
  manager.call('POST', `/api/tables/${table.tableId}/payments`, {
    idempotencyKey: randomUUID(),
    expectedVersion: table.version,
    status: 'Settled',
    ...body,
  });

describe('a flat ₹ discount', () => {
  it('comes off after the percentage, is stored on the bill and answered with it', async () => {
    const table = await tableWithTwo();
    // ₹500 − 10 % = ₹450, − ₹50 flat = ₹400.
    const answer = await pay(table, {
      discountPercent: 10,
      discountFlatPaise: 5_000,
      payments: [{ method: 'Cash', amountPaise: 40_000 }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const bill = answer.json() as Bill;
    expect(bill).toMatchObject({
      discountPaise: 10_000,
      discountFlatPaise: 5_000,
      totalPaise: 40_000,
    });
    const [row] = await t.database.db
      .select({ flat: bills.discountFlatPaise, discount: bills.discountPaise })
      .from(bills)
      .where(eq(bills.id, bill.id));
    expect(row).toEqual({ flat: 5_000, discount: 10_000 });
    const read = (await manager.call('GET', `/api/bills/${bill.id}`)).json() as Bill;
    expect(read.discountFlatPaise).toBe(5_000);
  });

  it('above the bill before tax (after the percentage), or not whole paise, is a 400 naming the field', async () => {
    const table = await tableWithTwo();
    for (const discountFlatPaise of [45_001, -1, 1.5, 'ten']) {
      const refused = await pay(table, {
        discountPercent: 10,
        discountFlatPaise,
        payments: [{ method: 'Cash', amountPaise: 1 }],
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['discountFlatPaise']);
    }
    // The whole of what is left: a ₹0 bill.
    const free = await pay(table, {
      discountPercent: 10,
      discountFlatPaise: 45_000,
      payments: [{ method: 'Cash', amountPaise: 0 }],
    });
    expect(free.statusCode, free.body).toBe(201);
    expect((free.json() as Bill).totalPaise).toBe(0);
  });
});
