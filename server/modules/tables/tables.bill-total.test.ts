import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../shared/schemas/billing.schemas';
import type { BranchOverview } from '../../../shared/schemas/dashboard.schemas';
import type { TableList, TableOrder } from '../../../shared/schemas/tables.schemas';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// The amount a person reads before paying is what the bill will say (docs/gst.md, "The bill
// before and after payment"): the card (GET /api/tables), the overview's open tables.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (pricesIncludeTax: boolean) => ({
  name: 'Card Cafe',
  address: '12 MG Road\nBengaluru',
  phone: '080 4123 4567',
  gstin: '29ABCDE1234F1ZW',
  timeZone: 'Asia/Kolkata',
  legalName: 'Card Foods Private Limited',
  fssai: '11223344556677',
  regime: 'regular',
  pricesIncludeTax,
  roundOff: true,
  serviceChargePercent: 5,
  invoicePrefix: pricesIncludeTax ? 'CI' : 'CE',
});

describe('the amount on a table card', () => {
  it.each([false, true])(
    "is the bill's grand total (prices include GST: %s), on the overview too",
    async (pricesIncludeTax) => {
      const branch = await createBranchFixture(t.database.db);
      const call = callsAs(t.app, await loginAs(t.app, branch.manager.email));
      const saved = await call('PUT', '/api/branch/settings', profile(pricesIncludeTax));
      expect(saved.statusCode, saved.body).toBe(200);
      const product = async (pricePaise: number, gstRateBps: number) => {
        const answer = await call('POST', '/api/products', {
          name: `Dish ${randomUUID().slice(0, 8)}`,
          pricePaise,
          subcategory: 'Mains',
          gstRateBps,
          ingredients: [],
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: string }>().id;
      };
      const naan = await product(3_000, 500);
      const mocktail = await product(15_050, 1800);
      const table = (await call('POST', '/api/tables', { label: 'C1' })).json<{ id: string }>();
      let order: TableOrder | undefined;
      for (const [productId, delta] of [
        [naan, 3],
        [mocktail, 1],
      ] as const) {
        order = (
          await call('POST', `/api/tables/${table.id}/lines`, {
            opId: randomUUID(),
            productId,
            delta,
          })
        ).json<TableOrder>();
      }
      const card = (await call('GET', '/api/tables'))
        .json<TableList>()
        .items.find((item) => item.id === table.id)!;
      const overview = (await call('GET', '/api/dashboard')).json<BranchOverview>();
      expect(card.totalPaise).toBe(24_050);
      // Exclusive prices: GST and the service charge come on top; inclusive: only the charge.
      if (pricesIncludeTax) expect(card.billTotalPaise).toBeLessThan(24_050 * 1.1);
      else expect(card.billTotalPaise).toBeGreaterThan(24_050 * 1.05);
      expect(card.billTotalPaise % 100).toBe(0);
      expect(overview.openTables.items.find((item) => item.id === table.id)?.totalPaise).toBe(
        card.billTotalPaise,
      );
      // The payment of that amount settles it, and the bill says the same.
      const paid = await call('POST', `/api/tables/${table.id}/payments`, {
        idempotencyKey: randomUUID(),
        expectedVersion: order!.version,
        status: 'Settled',
        payments: [{ method: 'Cash', amountPaise: card.billTotalPaise }],
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json<Bill>().totalPaise).toBe(card.billTotalPaise);
    },
  );
});
