import { vendors } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/vendors/'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(vendors)
      .values({ branchId: theirs.branchId, name: 'Their vendor', contactNo: '1', address: 'X' })
      .returning({ id: vendors.id });
    return row!.id;
  },
  validBody: (_method, path) =>
    path.endsWith('/payments')
      ? { amountPaise: 100, paidBy: 'Owner', paidOn: '2026-11-22' }
      : { name: 'Fresh Farms', contactNo: '98450 12345', address: 'Market Road' },
};
