import { randomUUID } from 'node:crypto';
import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  // Branches (the super admin's) and a branch's own settings (its manager's).
  prefixes: ['/api/branches/', '/api/branch/'],
  // Branches are platform rows: an id that exists nowhere.
  foreignId: () => randomUUID(),
  validBody: (_method, path) => {
    if (path.endsWith('/plan')) {
      return { subscriptionType: 'yearly', activeDate: '2026-11-22', deactiveDate: '2027-11-21' };
    }
    if (path.endsWith('reset-manager-password')) return { newPassword: 'Temporary-pass-1' };
    if (path === '/api/branch/settings') {
      return { name: 'Cafe', address: 'MG Road', phone: '98450 12345', timeZone: 'Asia/Kolkata' };
    }
    return {};
  },
};
