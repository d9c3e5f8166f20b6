import { addonGroups } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/addon-groups/'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(addonGroups)
      .values({ branchId: theirs.branchId, name: 'Their Extras', minChoices: 0, maxChoices: 1 })
      .returning({ id: addonGroups.id });
    return row!.id;
  },
  validBody: () => ({
    name: 'Extras',
    minChoices: 0,
    maxChoices: 1,
    options: [{ name: 'Cheese', pricePaise: 3000 }],
  }),
};
