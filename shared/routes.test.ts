import { describe, expect, it } from 'vitest';
import { isAppRoute, paths } from './routes';

describe('isAppRoute', () => {
  it.each([
    '/',
    '/login',
    '/login/',
    '/Login',
    '/staff',
    '/usersidebar/billing',
    paths.table('T 12'),
    paths.vendor('0192-abc'),
    '/editproduct/42',
  ])('knows %s as a screen of the app', (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each(['/no-such-page', '/staff/extra', '/table', '/table/1/2', '/usersidebar'])(
    'does not know %s',
    (path) => {
      expect(isAppRoute(path)).toBe(false);
    },
  );
});
