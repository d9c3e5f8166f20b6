import { v7 as uuidv7 } from 'uuid';
import { tables } from '../../db/schema';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/tables'],
  foreignId: async ({ db, theirs }) => {
    const [row] = await db
      .insert(tables)
      .values({ branchId: theirs.branchId, label: `Their ${uuidv7()}` })
      .returning({ id: tables.id });
    return row!.id;
  },
  validBody: (_method, path) =>
    path.endsWith('/lines')
      ? { opId: uuidv7(), productId: uuidv7(), delta: 1 }
      : path.endsWith('/guests')
        ? { guests: 4 }
        : path.endsWith('/complimentary')
          ? { opId: uuidv7(), lines: [{ key: 'line', quantity: 0 }] }
          : { label: `T${Math.floor(Math.random() * 1e6)}` },
};
