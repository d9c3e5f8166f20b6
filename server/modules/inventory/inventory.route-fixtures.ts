import { ingredients } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/inventory/', '/api/stock/'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(ingredients)
      .values({
        branchId: theirs.branchId,
        category: 'Theirs',
        name: `Foreign ${crypto.randomUUID()}`,
        unit: 'g',
      })
      .returning({ id: ingredients.id });
    return row!.id;
  },
  validBody: () => ({ category: 'Dairy', name: 'Milk', quantity: 1, unit: 'l' }),
};
