import { tableSections } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/tables/sections'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(tableSections)
      .values({ branchId: theirs.branchId, name: `Their section ${Math.random()}` })
      .returning({ id: tableSections.id });
    return row!.id;
  },
  validBody: () => ({ name: `Section ${Math.floor(Math.random() * 1e6)}` }),
};
