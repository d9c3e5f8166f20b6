import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/constants';
import type { StoredUnit } from '../../shared/units';
import { createTestDatabase } from '../test/test-database';
import type { Database, Db } from './client';
import {
  bills,
  branches,
  ingredients,
  orderLines,
  products,
  tables,
  users,
  type NewBill,
  type NewBranch,
} from './schema';

/**
 * The schema's own guarantees: whatever a use case gets wrong, the database refuses rows that
 * would break money, branch isolation or the payment rules.
 */

let database: Database;
let db: Db;

const branchA = uuidv7();
const branchB = uuidv7();
const tableA = uuidv7();
const tableB = uuidv7();
const productA = uuidv7();

function branch(id: string, code: string): NewBranch {
  return {
    id,
    code,
    name: `Branch ${code}`,
    ownerName: 'Owner',
    email: `owner-${code.toLowerCase()}@example.in`,
    location: 'Pune',
    subscriptionType: 'monthly',
    activeDate: '2026-01-01',
    deactiveDate: '2026-12-31',
  };
}

function bill(overrides: Partial<NewBill> = {}): NewBill {
  return {
    branchId: branchA,
    tableId: tableA,
    tableLabel: 'T1',
    number: `A/2026-27/${uuidv7()}`,
    financialYear: '2026-27',
    businessDate: '2026-06-01',
    subtotalPaise: 10_000,
    discountBps: 0,
    discountPaise: 0,
    totalPaise: 10_000,
    method: 'Cash',
    status: 'Settled',
    idempotencyKey: uuidv7(),
    ...overrides,
  };
}

interface PgError {
  code: string;
  constraint?: string;
}

/** Runs a write that must fail and returns the PostgreSQL error (drizzle wraps it in `cause`). */
async function refusal(write: PromiseLike<unknown>): Promise<PgError> {
  try {
    await write;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === 'object') {
      if ('code' in current && typeof current.code === 'string') return current as PgError;
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
  throw new Error('The database accepted a write it should have refused.');
}

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** A value outside an enum. */
const INVALID_TEXT_REPRESENTATION = '22P02';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(branches).values([branch(branchA, 'AAA01'), branch(branchB, 'BBB01')]);
  await db.insert(tables).values([
    { branchId: branchA, id: tableA, label: 'T1' },
    { branchId: branchB, id: tableB, label: 'T1' },
  ]);
  await db.insert(products).values({
    branchId: branchA,
    id: productA,
    name: 'Masala Chai',
    pricePaise: 3000,
    subcategory: 'Hot Beverages',
  });
});

afterAll(async () => {
  await database?.close();
});

describe('order lines', () => {
  it('The database refuses an order line whose quantity is 0, because a line that reaches zero is removed.', async () => {
    const error = await refusal(
      db.insert(orderLines).values({
        branchId: branchA,
        tableId: tableA,
        productId: productA,
        name: 'Masala Chai',
        lineKey: `${productA}|||`,
        unitPricePaise: 3000,
        quantity: 0,
      }),
    );
    expect(error).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'order_lines_quantity_check',
    });
  });

  it('The database refuses a second line of the same product and choices (line key) on one table, so +1 always updates one line.', async () => {
    const line = {
      branchId: branchA,
      tableId: tableA,
      productId: productA,
      name: 'Masala Chai',
      lineKey: `${productA}|||`,
      unitPricePaise: 3000,
      quantity: 1,
    };
    await db.insert(orderLines).values(line);
    // The same product with a note is another line.
    await db
      .insert(orderLines)
      .values({ ...line, note: 'less sugar', lineKey: `${productA}|||less sugar` });
    const error = await refusal(db.insert(orderLines).values(line));
    expect(error).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'order_lines_table_line_key_unique',
    });
    await db.delete(orderLines).where(eq(orderLines.branchId, branchA));
  });
});

describe('bills', () => {
  it('The database refuses a discount of 10001 basis points, which is more than 100 %.', async () => {
    const error = await refusal(
      db.insert(bills).values(bill({ discountBps: 10_001, discountPaise: 0, totalPaise: 10_000 })),
    );
    expect(error).toMatchObject({ code: CHECK_VIOLATION, constraint: 'bills_discount_bps_check' });
  });

  it('The database accepts a 100 % discount whose total is zero.', async () => {
    const rows = await db
      .insert(bills)
      .values(bill({ discountBps: 10_000, discountPaise: 10_000, totalPaise: 0 }))
      .returning({ totalPaise: bills.totalPaise, discountBps: bills.discountBps });
    expect(rows).toEqual([{ totalPaise: 0, discountBps: 10_000 }]);
  });

  it('The database refuses a bill whose total is not its subtotal minus its discount.', async () => {
    const error = await refusal(
      db.insert(bills).values(bill({ discountBps: 1000, discountPaise: 1000, totalPaise: 9500 })),
    );
    expect(error).toMatchObject({ code: CHECK_VIOLATION, constraint: 'bills_total_parts_check' });
  });

  it("The database refuses a bill of one branch that points at another branch's table.", async () => {
    const error = await refusal(
      db.insert(bills).values(bill({ branchId: branchA, tableId: tableB })),
    );
    expect(error).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: 'bills_table_fk' });
  });

  it('The database refuses a Due bill whose responsible person is missing or blank.', async () => {
    for (const responsible of [null, '   ']) {
      const error = await refusal(
        db.insert(bills).values(bill({ method: 'Due', status: 'Due', responsible })),
      );
      expect(error).toMatchObject({
        code: CHECK_VIOLATION,
        constraint: 'bills_due_responsible_check',
      });
    }
    await db
      .insert(bills)
      .values(bill({ method: 'Due', status: 'Due', responsible: 'Rohit Mehta' }));
  });

  it('The database stores a bill paid by any method a payment may carry, and refuses any other method.', async () => {
    for (const method of PAYMENT_METHODS) {
      const due = method === 'Due' ? { status: 'Due' as const, responsible: 'Rohit Mehta' } : {};
      await db.insert(bills).values(bill({ method, ...due }));
    }
    const error = await refusal(
      db.insert(bills).values(bill({ method: 'Cheque' as PaymentMethod })),
    );
    expect(error.code).toBe(INVALID_TEXT_REPRESENTATION);
  });

  it('The database refuses the same idempotency key twice in a branch, so a retried payment bills once.', async () => {
    const idempotencyKey = uuidv7();
    await db.insert(bills).values(bill({ idempotencyKey }));
    const error = await refusal(db.insert(bills).values(bill({ idempotencyKey })));
    expect(error).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'bills_idempotency_key_unique',
    });
  });
});

describe('tables', () => {
  it('The database refuses a duplicate table label within a branch but allows the label in another branch.', async () => {
    const error = await refusal(db.insert(tables).values({ branchId: branchA, label: 'T1' }));
    expect(error).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'tables_branch_label_unique',
    });
    // Branch B already has its own 'T1' (inserted in beforeAll) next to branch A's.
    const both = await db.select().from(tables).where(eq(tables.label, 'T1'));
    expect(both.map((t) => t.branchId).sort()).toEqual([branchA, branchB].sort());
  });

  it('A table label can be used again once the table that had it is archived.', async () => {
    const old = await db
      .insert(tables)
      .values({ branchId: branchA, label: 'T9' })
      .returning({ id: tables.id });
    await db.update(tables).set({ archivedAt: new Date() }).where(eq(tables.id, old[0]!.id));
    const again = await db
      .insert(tables)
      .values({ branchId: branchA, label: 'T9' })
      .returning({ id: tables.id });
    const nines = await db.select().from(tables).where(eq(tables.label, 'T9'));
    expect(nines.map((t) => [t.id, t.archivedAt === null]).sort()).toEqual(
      [
        [old[0]!.id, false],
        [again[0]!.id, true],
      ].sort(),
    );
  });
});

describe('users', () => {
  const user = {
    name: 'Asha',
    passwordHash: 'not-a-real-hash',
  };

  it('The database refuses a staff user without a branch.', async () => {
    const error = await refusal(
      db.insert(users).values({ ...user, role: 'staff', branchId: null, email: 'asha@x.in' }),
    );
    expect(error).toMatchObject({ code: CHECK_VIOLATION, constraint: 'users_role_branch_check' });
  });

  it('The database refuses a super admin who belongs to a branch.', async () => {
    const error = await refusal(
      db.insert(users).values({ ...user, role: 'super_admin', branchId: branchA, email: 'a@x.in' }),
    );
    expect(error).toMatchObject({ code: CHECK_VIOLATION, constraint: 'users_role_branch_check' });
  });

  it('The database refuses an email not stored in lower case and a second account for the same email.', async () => {
    const upper = await refusal(
      db.insert(users).values({ ...user, role: 'staff', branchId: branchA, email: 'Ravi@X.in' }),
    );
    expect(upper).toMatchObject({ code: CHECK_VIOLATION, constraint: 'users_email_lower_check' });

    await db
      .insert(users)
      .values({ ...user, role: 'staff', branchId: branchA, email: 'ravi@x.in' });
    const twice = await refusal(
      db
        .insert(users)
        .values({ ...user, role: 'branch_manager', branchId: branchB, email: 'ravi@x.in' }),
    );
    expect(twice).toMatchObject({ code: UNIQUE_VIOLATION, constraint: 'users_email_unique' });
  });
});

describe('ingredients', () => {
  it('The database treats ingredient names in a category case-insensitively.', async () => {
    await db
      .insert(ingredients)
      .values({ branchId: branchA, name: 'Milk', category: 'Dairy', unit: 'ml', quantity: 1000 });
    const error = await refusal(
      db
        .insert(ingredients)
        .values({ branchId: branchA, name: 'MILK', category: 'dairy', unit: 'ml', quantity: 5 }),
    );
    expect(error).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'ingredients_branch_category_name_unique',
    });
  });

  it('The database refuses an ingredient kept in kilograms, which are stored as grams.', async () => {
    const error = await refusal(
      db.insert(ingredients).values({
        branchId: branchA,
        name: 'Rice',
        category: 'Grains',
        unit: 'kg' as StoredUnit,
        quantity: 5,
      }),
    );
    expect(error.code).toBe(INVALID_TEXT_REPRESENTATION);
  });

  it('The database accepts a negative ingredient quantity, because sales are never refused for unrecorded stock.', async () => {
    const [row] = await db
      .insert(ingredients)
      .values({ branchId: branchB, name: 'Paneer', category: 'Dairy', unit: 'g', quantity: -120 })
      .returning();
    expect(row?.quantity).toBe(-120);
  });
});
