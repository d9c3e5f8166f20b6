// Bill numbers under CGST rule 46(b): at most 16 characters for every branch code the product
// allows, gapless per branch and financial year across the change of format.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INVOICE_NUMBER_LENGTH } from '../../../shared/gst';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { Product } from '../../../shared/schemas/products.schemas';
import type { TableOrder, TableSummary } from '../../../shared/schemas/tables.schemas';
import { billCounters, bills, branches, taxProfiles } from '../../db/schema';
import { createBranchFixture, loginAs, type BranchFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDefaultTaxProfile, newestTaxProfile } from '../branches/tax-profiles';
import { apiAs } from '../inventory/inventory.test-support';

let t: TestApp;
let branch: BranchFixture;
let manager: ReturnType<typeof apiAs>;
let dosa: Product;

/** The longest branch code the product allows (shared/schemas/branches.schemas.ts): 20. */
const LONGEST_CODE = 'MUMBAI-ANDHERI-WEST1';

async function json<T>(response: { statusCode: number; body: string }, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

/** A table with one dosa, paid in cash for its total (round-off on: ₹120.00 stays). */
async function payOneTable() {
  const table = await json<TableSummary>(
    await manager.call('POST', '/api/tables', { label: `T${randomUUID().slice(0, 8)}` }),
    201,
  );
  const order = await json<TableOrder>(
    await manager.call('POST', `/api/tables/${table.id}/lines`, {
      opId: randomUUID(),
      productId: dosa.id,
      delta: 1,
    }),
  );
  return manager.call('POST', `/api/tables/${table.id}/payments`, {
    idempotencyKey: randomUUID(),
    expectedVersion: order.version,
    status: 'Settled',
    payments: [{ method: 'Cash', amountPaise: 12000 }],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await createBranchFixture(t.database.db);
  manager = apiAs(t.app, await loginAs(t.app, branch.manager.email));
  dosa = await json<Product>(
    await manager.call('POST', '/api/products', {
      name: 'Masala Dosa',
      pricePaise: 12000,
      subcategory: 'Mains',
      ingredients: [],
    }),
    201,
  );
  // The branch takes the longest code, and the profile a new branch gets from it (newer than
  // the fixture's, which the database stamped with its own clock).
  const db = t.database.db;
  await db.update(branches).set({ code: LONGEST_CODE }).where(eq(branches.id, branch.branchId));
  await createDefaultTaxProfile(db, branch.branchId, new Date(Date.now() + 60_000));
});

afterAll(async () => {
  await t?.close();
});

describe('bill numbers', () => {
  it('fit 16 characters for the longest branch code: its first four letters and digits, the year, six digits', async () => {
    const bill = await json<Bill>(await payOneTable(), 201);
    expect(bill.number).toBe('MUMB/2627/000001');
    expect(bill.number.length).toBeLessThanOrEqual(MAX_INVOICE_NUMBER_LENGTH);
  });

  it("continue the branch's count for the financial year, without a gap", async () => {
    const db = t.database.db;
    const [counter] = await db
      .select({ last: billCounters.lastNumber })
      .from(billCounters)
      .where(eq(billCounters.branchId, branch.branchId));
    const bill = await json<Bill>(await payOneTable(), 201);
    expect(bill.number).toBe(`MUMB/2627/${String(counter!.last + 1).padStart(6, '0')}`);
  });

  it('refuse the millionth bill of a year with a four-character prefix (17 characters), writing nothing, and go on with a shorter prefix', async () => {
    const db = t.database.db;
    await db
      .update(billCounters)
      .set({ lastNumber: 999_998 })
      .where(eq(billCounters.branchId, branch.branchId));
    const last = await json<Bill>(await payOneTable(), 201);
    expect(last.number).toBe('MUMB/2627/999999');

    const before = await db.$count(bills, eq(bills.branchId, branch.branchId));
    const refused = await payOneTable();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'billing.numbers_used_up' } });
    expect(await db.$count(bills, eq(bills.branchId, branch.branchId))).toBe(before);
    const [counter] = await db
      .select({ last: billCounters.lastNumber })
      .from(billCounters)
      .where(
        and(eq(billCounters.branchId, branch.branchId), eq(billCounters.financialYear, '2026-27')),
      );
    expect(counter!.last).toBe(999_999);

    // A three-character prefix leaves seven digits.
    const current = (await newestTaxProfile(db, branch.branchId))!;
    await db.insert(taxProfiles).values({
      ...current,
      id: randomUUID(),
      invoicePrefix: 'MUM',
      createdAt: new Date(current.createdAt.getTime() + 1000),
    });
    const next = await json<Bill>(await payOneTable(), 201);
    expect(next.number).toBe('MUM/2627/1000000');
  });
});
