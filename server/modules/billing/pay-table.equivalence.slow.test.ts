import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPLIMENTARY_REASONS } from '../../../shared/complimentary';
import { equalSplit } from '../../../shared/split';
import type { TableOrder } from '../../../shared/schemas/tables.schemas';
import type { TaxProfileView } from '../../../shared/schemas/tax-profile.schemas';
import type { DbOrTx } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { productIngredients } from '../../db/schema';
import { callsAs } from '../../test/api-client';
import { createBranchFixture, loginAs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { menuOf } from '../tables/menu.test-support';
import { addProduct } from '../tables/tables.test-support';
import * as ledger from './bill-ledger';

// The set-based pay_table (billing.functions.sql) against the functions it replaced, as the
// last migration before it defined them (0041: pay_table, pay_table_parts, write_paid_bill;
// 0022: deduct_ingredients_for_sale), installed under old_* names: on random orders (variants,
// add-ons, recipes of each, complimentary items) paid whole, split by items or in equal parts,
// both write the same bills, lines, payments, stock, per-day totals, audit and table. Each
// payment runs the old function, then the new one, each in a savepoint rolled back, and compares
// what they wrote; then the real payment goes on, so the next order meets the state it left.

vi.mock('./bill-ledger', async (importOriginal) => {
  const original = await importOriginal<typeof ledger>();
  return { ...original, recordPayment: vi.fn(original.recordPayment) };
});

const OLD_DEFINITIONS: [migration: string, names: string[]][] = [
  ['0022_sale_rows_by_bill.sql', ['deduct_ingredients_for_sale']],
  ['0041_complimentary_items.sql', ['write_paid_bill', 'pay_table', 'pay_table_parts']],
];
const RENAMED = ['pay_table_parts', 'pay_table', 'write_paid_bill', 'deduct_ingredients_for_sale'];

/** The old functions' statements, renamed old_*. */
function oldFunctions(): string[] {
  return OLD_DEFINITIONS.flatMap(([file, names]) =>
    readFileSync(`${MIGRATIONS_FOLDER}/${file}`, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) =>
        names.some((name) => statement.includes(`CREATE OR REPLACE FUNCTION "${name}"(`)),
      )
      .map((statement) =>
        RENAMED.reduce(
          (text, name) => text.replace(new RegExp(`"?\\b${name}\\b"?\\(`, 'g'), `"old_${name}"(`),
          statement,
        ),
      ),
  );
}

type Rows = Record<string, unknown[]>;

/** Everything a payment of `branchId` may write, without the ids and times made in SQL. */
async function written(tx: DbOrTx, branchId: string, tableId: string): Promise<Rows> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    bills: await rows(sql`select * from bills where branch_id = ${branchId} order by number`),
    lines: await rows(sql`select * from bill_lines where branch_id = ${branchId} order by id`),
    payments: await rows(
      sql`select * from bill_payments where branch_id = ${branchId} order by id`,
    ),
    movements: await rows(sql`select ingredient_id, action, quantity_delta, quantity_after,
        bill_id, user_id, created_at from inventory_movements
      where branch_id = ${branchId} order by bill_id, ingredient_id, created_at`),
    stock: await rows(
      sql`select id, quantity from ingredients where branch_id = ${branchId} order by id`,
    ),
    items: await rows(sql`select * from daily_item_sales where branch_id = ${branchId}
      order by business_date, name`),
    addons: await rows(sql`select * from daily_addon_sales where branch_id = ${branchId}
      order by business_date, group_name, name`),
    tax: await rows(sql`select * from daily_tax_sales where branch_id = ${branchId}
      order by business_date, rate_bps, hsn, b2b`),
    totals: await rows(sql`select * from daily_bill_totals where branch_id = ${branchId}
      order by business_date, hour`),
    received: await rows(sql`select * from daily_received where branch_id = ${branchId}
      order by business_date, method`),
    counters: await rows(sql`select * from bill_counters where branch_id = ${branchId}`),
    audit: await rows(sql`select id, user_id, action, entity, entity_id, data, created_at
      from audit_log where branch_id = ${branchId} order by id`),
    order: await rows(sql`select line_key, quantity, sent_quantity, complimentary_quantity,
        complimentary_reason from order_lines
      where branch_id = ${branchId} and table_id = ${tableId} order by line_key`),
    table: await rows(sql`select version, guests, opened_by, opened_at from tables
      where branch_id = ${branchId} and id = ${tableId}`),
  };
}

class RolledBack extends Error {
  constructor(readonly rows: Rows) {
    super('rolled back');
  }
}

/** Runs `write` in a savepoint, answers what the branch holds after it, and rolls it back. */
async function rowsAfter(
  tx: DbOrTx,
  branchId: string,
  tableId: string,
  write: (tx: DbOrTx) => Promise<unknown>,
): Promise<Rows> {
  try {
    await (
      tx as { transaction: (body: (tx: DbOrTx) => Promise<void>) => Promise<void> }
    ).transaction(async (inner) => {
      await write(inner);
      throw new RolledBack(await written(inner, branchId, tableId));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.rows;
    throw error;
  }
  throw new Error('unreachable');
}

/** The old functions called with a payment's record: pay_table for one part, else _parts. */
function oldCall(p: ledger.PaymentRecord) {
  const common = sql`${p.branchId}::uuid, ${p.tableId}::uuid, ${p.version}::integer,
    ${p.invoicePrefix}::text`;
  if (p.parts.length === 1) {
    const [part] = p.parts;
    return sql`select * from old_pay_table(${common}, ${JSON.stringify(part!.bill)}::json,
      ${JSON.stringify(part!.lines)}::json, ${JSON.stringify(part!.payments)}::json,
      ${JSON.stringify(p.audit)}::json, ${p.channel}::text, ${JSON.stringify(p.events)}::json,
      ${p.stockEvent}::text, ${p.leastQuantity}::bigint,
      ${p.take ? JSON.stringify(p.take) : null}::json)`;
  }
  return sql`select * from old_pay_table_parts(${common}, ${JSON.stringify(p.parts)}::json,
    ${JSON.stringify(p.audit)}::json, ${p.channel}::text, ${JSON.stringify(p.events)}::json,
    ${p.stockEvent}::text, ${p.leastQuantity}::bigint)`;
}

const compared: { parts: number; take: boolean }[] = [];
const differences: string[] = [];
const real = vi.mocked(ledger.recordPayment).getMockImplementation()!;
vi.mocked(ledger.recordPayment).mockImplementation(async (db, p) => {
  await (db as { transaction: (body: (tx: DbOrTx) => Promise<void>) => Promise<void> }).transaction(
    async (tx) => {
      const before = await rowsAfter(tx, p.branchId, p.tableId, async () => undefined);
      const old = await rowsAfter(tx, p.branchId, p.tableId, (inner) => inner.execute(oldCall(p)));
      const now = await rowsAfter(tx, p.branchId, p.tableId, (inner) => real(inner, p));
      compared.push({ parts: p.parts.length, take: Boolean(p.take) });
      try {
        expect(now).toEqual(old);
        expect(now.bills!.length).toBe(before.bills!.length + p.parts.length);
      } catch (error) {
        differences.push(String(error));
      }
    },
  );
  return real(db, p);
});

describe.each([
  ['not registered', false],
  ['registered (GST 5 %, service charge, round-off)', true],
] as const)('pay_table against the functions it replaced, %s', (_name, registered) => {
  let t: TestApp;
  let branchId: string;
  let manager: ReturnType<typeof callsAs>;
  /** What a tap may add: a product, its variant, its add-ons. */
  let choices: { productId: string; variantId?: string; addonIds?: string[] }[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    for (const statement of oldFunctions()) await db.execute(sql.raw(statement));
    const branch = await createBranchFixture(db, {
      taxProfile: registered
        ? {
            regime: 'regular',
            gstin: '27AAPFU0939F1ZV',
            pricesIncludeTax: false,
            roundOff: true,
            serviceChargeBps: 1000,
            invoicePrefix: 'DC',
          }
        : undefined,
    });
    branchId = branch.branchId;
    manager = callsAs(t.app, await loginAs(t.app, branch.manager.email));
    const ingredient = async (name: string) => {
      const answer = await manager('POST', '/api/inventory', {
        category: 'Kitchen',
        name,
        quantity: 1_000_000,
        unit: 'g',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return (JSON.parse(answer.body) as { id: string }).id;
    };
    const [rice, chicken, cheese, tea] = [
      await ingredient('Rice'),
      await ingredient('Chicken'),
      await ingredient('Cheese'),
      await ingredient('Tea'),
    ];
    const biryani = await addProduct(db, branchId, 'Biryani', 30_000);
    const chai = await addProduct(db, branchId, 'Chai', 2_500);
    const water = await addProduct(db, branchId, 'Water', 2_000);
    await db.insert(productIngredients).values([
      { branchId, productId: biryani, ingredientId: rice, quantityUsed: 200 },
      { branchId, productId: biryani, ingredientId: chicken, quantityUsed: 150 },
      { branchId, productId: chai, ingredientId: tea, quantityUsed: 5 },
    ]);
    const menu = menuOf(db, branchId);
    const { Half: half, Full: full } = await menu.variants(biryani, [
      { name: 'Half', pricePaise: 18_000 },
      { name: 'Full', pricePaise: 30_000, isDefault: true },
    ]);
    await menu.recipe('variant', half, [{ ingredientId: rice, quantityUsed: 100 }]);
    const {
      options: { Cheese: extraCheese, Raita: raita },
    } = await menu.group(
      'Extras',
      { min: 0, max: 2 },
      [
        { name: 'Cheese', pricePaise: 3_000 },
        { name: 'Raita', pricePaise: 0 },
      ],
      [biryani],
    );
    await menu.recipe('option', extraCheese, [{ ingredientId: cheese, quantityUsed: 20 }]);
    choices = [
      { productId: biryani, variantId: half },
      { productId: biryani, variantId: full },
      { productId: biryani, variantId: full, addonIds: [extraCheese] },
      { productId: biryani, variantId: half, addonIds: [extraCheese, raita].sort() },
      { productId: chai },
      { productId: water },
    ];
  });
  afterAll(() => t?.close());

  it('writes the same rows on random orders paid whole, by items and in equal parts', async () => {
    const order = fc.record({
      lines: fc.uniqueArray(
        fc.record({ choice: fc.nat({ max: 5 }), quantity: fc.integer({ min: 1, max: 4 }) }),
        { minLength: 1, maxLength: 6, selector: (line) => line.choice },
      ),
      complimentary: fc.option(fc.nat(), { nil: null }),
      discountPercent: fc.constantFrom(0, 10),
      pay: fc.oneof(
        fc.constant({ kind: 'whole' as const }),
        fc.record({ kind: fc.constant('items' as const), pick: fc.nat() }),
        fc.record({ kind: fc.constant('equal' as const), parts: fc.integer({ min: 2, max: 4 }) }),
      ),
    });
    const twoLines = [
      { choice: 0, quantity: 2 },
      { choice: 1, quantity: 1 },
    ];
    await fc.assert(
      fc.asyncProperty(order, async ({ lines, complimentary, discountPercent, pay }) => {
        const table = JSON.parse(
          (await manager('POST', '/api/tables', { label: `E-${randomUUID().slice(0, 8)}` })).body,
        ) as { id: string };
        let current!: TableOrder;
        for (const { choice, quantity } of lines) {
          const answer = await manager('POST', `/api/tables/${table.id}/lines`, {
            opId: randomUUID(),
            delta: quantity,
            ...choices[choice]!,
          });
          expect(answer.statusCode, answer.body).toBe(200);
          current = JSON.parse(answer.body) as TableOrder;
        }
        if (complimentary !== null && pay.kind !== 'equal') {
          const line = current.lines[complimentary % current.lines.length]!;
          const answer = await manager('POST', `/api/tables/${table.id}/complimentary`, {
            opId: randomUUID(),
            lines: [{ key: line.key, quantity: 1 }],
            reason: DEFAULT_COMPLIMENTARY_REASONS[0],
          });
          expect(answer.statusCode, answer.body).toBe(200);
          current = JSON.parse(
            (await manager('GET', `/api/tables/${table.id}/order`)).body,
          ) as TableOrder;
        }
        const before = compared.length;
        if (pay.kind === 'equal') {
          const profile = JSON.parse(
            (await manager('GET', '/api/branch/tax-profile')).body,
          ) as TaxProfileView;
          const split = equalSplit(current.lines, discountPercent * 100, profile, pay.parts);
          const answer = await manager('POST', `/api/tables/${table.id}/payments/equal-split`, {
            idempotencyKey: randomUUID(),
            expectedVersion: current.version,
            discountPercent,
            parts: split.parts.map((part) => ({
              payments: [{ method: 'Cash', amountPaise: part.totalPaise }],
            })),
          });
          expect(answer.statusCode, answer.body).toBe(201);
        } else {
          const take =
            pay.kind === 'items'
              ? current.lines
                  .filter((_, i) => (pay.pick >> i) % 2 === 1)
                  .map((line) => ({ key: line.key, quantity: line.quantity }))
              : null;
          const answer = await manager('POST', `/api/tables/${table.id}/payments`, {
            idempotencyKey: randomUUID(),
            expectedVersion: current.version,
            discountPercent,
            status: 'Due',
            responsible: 'Ravi',
            payments: [],
            ...(take && take.length > 0 ? { lines: take } : {}),
          });
          // A bill all complimentary owes nothing: it cannot be Due (400), and is not compared.
          expect([201, 400], answer.body).toContain(answer.statusCode);
        }
        expect(differences).toEqual([]);
        expect(compared.length).toBeGreaterThanOrEqual(before);
      }),
      {
        numRuns: 12,
        // Each kind of payment once for sure; the random runs add to these.
        examples: [
          [{ lines: twoLines, complimentary: null, discountPercent: 0, pay: { kind: 'whole' } }],
          [
            {
              lines: twoLines,
              complimentary: 1,
              discountPercent: 10,
              pay: { kind: 'items', pick: 1 },
            },
          ],
          [
            {
              lines: twoLines,
              complimentary: null,
              discountPercent: 0,
              pay: { kind: 'equal', parts: 3 },
            },
          ],
        ],
      },
    );
    // Every kind of payment was compared at least once.
    expect(compared.some((run) => run.parts > 1)).toBe(true);
    expect(compared.some((run) => run.take)).toBe(true);
    expect(compared.some((run) => run.parts === 1 && !run.take)).toBe(true);
  });
});
