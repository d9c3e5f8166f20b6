import { v7 as uuidv7 } from 'uuid';
import { bills, tables } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/tables/{tableId}/payments', '/api/tables/{tableId}/last-bill', '/api/bills/'],
  // Another branch's table, and a bill of theirs under the same id: one id serves both routes.
  foreignId: async ({ db, theirs }) => {
    const label = `Their T-${uuidv7()}`;
    const [table] = await db
      .insert(tables)
      .values({ branchId: theirs.branchId, label })
      .returning({ id: tables.id });
    await db.insert(bills).values({
      branchId: theirs.branchId,
      id: table!.id,
      tableId: table!.id,
      tableLabel: label,
      number: `THEIRS/2026-27/${uuidv7()}`,
      financialYear: '2026-27',
      businessDate: '2026-11-22',
      subtotalPaise: 1000,
      totalPaise: 1000,
      // Due, so a settlement that ignored the branch would change it (and answer 200).
      method: 'Due',
      status: 'Due',
      responsible: 'Their guest',
      idempotencyKey: uuidv7(),
    });
    return table!.id;
  },
  validBody: (_method, path) => {
    if (path.endsWith('/settlement')) return { method: 'UPI' };
    if (path.endsWith('/equal-split')) {
      const part = { payments: [{ method: 'Cash', amountPaise: 500 }] };
      return { idempotencyKey: uuidv7(), expectedVersion: 0, parts: [part, part] };
    }
    return {
      idempotencyKey: uuidv7(),
      expectedVersion: 0,
      status: 'Settled',
      payments: [{ method: 'Cash', amountPaise: 1000 }],
    };
  },
};
