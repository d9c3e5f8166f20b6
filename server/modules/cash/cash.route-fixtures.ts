import { v7 as uuidv7 } from 'uuid';
import { emptyCount } from '../../../shared/cash';
import { cashCounters, cashShifts } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

/**
 * The cash drawer's routes (docs/cash.md). The foreign id is a counter and its open shift of the
 * other branch at once. The day routes carry a date, not an id: a day is always the caller's.
 */
export const routeFixture: RouteFixture = {
  prefixes: ['/api/cash/', '/api/days'],
  foreignId: async ({ db, theirs }) => {
    const id = uuidv7();
    const branchId = theirs.branchId;
    await db.insert(cashCounters).values({ branchId, id, name: `Their counter ${id}` });
    await db.insert(cashShifts).values({
      branchId,
      id,
      counterId: id,
      businessDate: '2026-11-22',
      idempotencyKey: id,
      openedAt: new Date('2026-11-22T04:00:00Z'),
      openingCount: emptyCount(),
      floatPaise: 0,
    });
    return id;
  },
  validBody: (_method, path) =>
    path.endsWith('/entries')
      ? { kind: 'out', amountPaise: 100, reason: 'Petty expense', idempotencyKey: uuidv7() }
      : path.endsWith('/close')
        ? { closingCount: emptyCount() }
        : { name: 'Bar' },
};
