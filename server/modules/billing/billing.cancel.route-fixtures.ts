import type { RouteFixture } from '../../test/route-fixtures';
import { routeFixture as billingFixture } from './billing.route-fixtures';

/** POST /api/bills/{id}/cancel: another branch's Due bill, and a listed reason. */
export const routeFixture: RouteFixture = {
  prefixes: ['/api/bills/{id}/cancel'],
  foreignId: billingFixture.foreignId,
  validBody: () => ({ reason: 'Duplicate bill' }),
};
