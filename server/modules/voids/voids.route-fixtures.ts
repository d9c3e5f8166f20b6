import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_VOID_REASONS } from '../../../shared/kitchen';
import { tables } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/voids', '/api/tables/{tableId}/voids', '/api/reports/voids'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(tables)
      .values({ branchId: theirs.branchId, label: `Their ${uuidv7()}` })
      .returning({ id: tables.id });
    return row!.id;
  },
  validBody: () => ({
    opId: uuidv7(),
    lineKey: 'line',
    quantity: 1,
    reason: DEFAULT_VOID_REASONS[0],
    managerId: uuidv7(),
    pin: '1234',
  }),
};
