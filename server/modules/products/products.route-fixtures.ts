import { products } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/products/'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(products)
      .values({
        branchId: theirs.branchId,
        name: 'Their Dosa',
        pricePaise: 9000,
        subcategory: 'Dosa',
      })
      .returning({ id: products.id });
    return row!.id;
  },
  validBody: (_method, path) =>
    path.endsWith('/sold-out')
      ? { soldOut: true }
      : {
          name: 'Masala Dosa',
          pricePaise: 12000,
          subcategory: 'Dosa',
          ingredients: [],
        },
};
