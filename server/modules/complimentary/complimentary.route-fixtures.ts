import { v7 as uuidv7 } from 'uuid';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  // Settings and the report belong to the caller's branch: there is no id to take from another.
  prefixes: ['/api/complimentary', '/api/reports/complimentary'],
  foreignId: () => uuidv7(),
  validBody: () => ({ reasons: ['Staff meal'], limitPaise: 50_000 }),
};
