import { randomUUID } from 'node:crypto';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/branches/'],
  // Branches are platform rows: an id that exists nowhere.
  foreignId: () => randomUUID(),
  validBody: (_method, path) => {
    if (path.endsWith('/plan')) {
      return { subscriptionType: 'yearly', activeDate: '2026-11-22', deactiveDate: '2027-11-21' };
    }
    if (path.endsWith('reset-manager-password')) return { newPassword: 'Temporary-pass-1' };
    return {};
  },
};
