import { v7 as uuidv7 } from 'uuid';
import { tables } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/tables/{tableId}/move', '/api/tables/{tableId}/merge'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(tables)
      .values({ branchId: theirs.branchId, label: `Their ${uuidv7()}` })
      .returning({ id: tables.id });
    return row!.id;
  },
  // A target of nobody's: the 404 must come from the source's lookup.
  validBody: (_method, path) =>
    path.endsWith('/move')
      ? { opId: uuidv7(), toTableId: uuidv7() }
      : { opId: uuidv7(), intoTableId: uuidv7() },
};
