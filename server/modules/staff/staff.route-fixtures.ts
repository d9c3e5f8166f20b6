import type { RouteFixture } from '../../test/route-fixtures';

export const routeFixture: RouteFixture = {
  prefixes: ['/api/staff/'],
  foreignId: ({ theirs }) => theirs.staff.id,
  validBody: (_method, path) =>
    path.endsWith('reset-password') ? { newPassword: 'Temporary-pass-1' } : { name: 'Renamed' },
};
