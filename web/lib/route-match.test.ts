import { describe, expect, it } from 'vitest';
import { APP_ROUTES, paths } from '../../shared/routes';
import { branchesOf, matchRoutes, type RouteObject } from './route-match';

const screen = (path: string, title = path): RouteObject => ({ path, handle: { title } });

/** The shape of web/app/router.tsx: a root, pathless layouts, screens, a catch-all. */
const table: RouteObject[] = [
  {
    handle: 'root',
    children: [
      screen('/'),
      { handle: 'mantine', children: [screen('/login'), screen('/products/addon-groups')] },
      {
        handle: 'user',
        children: [
          screen('/products'),
          screen('/table/:tableId'),
          screen('/table/:tableId/bill'),
          screen('/vendor/:vendorId'),
          screen('/vendor/payments'),
        ],
      },
      screen('*', 'not found'),
    ],
  },
];
const branches = branchesOf(table);
const titleAt = (pathname: string) =>
  (matchRoutes(branches, pathname)?.at(-1)?.handle as { title: string }).title;

describe('matchRoutes', () => {
  it('answers the chain of routes, outermost first, with stable ids', () => {
    const matches = matchRoutes(branches, '/table/t-1')!;
    expect(matches.map((m) => m.handle)).toEqual(['root', 'user', { title: '/table/:tableId' }]);
    expect(matches.map((m) => m.id)).toEqual(['0', '0.2', '0.2.1']);
    expect(matches.every((m) => m.params.tableId === 't-1')).toBe(true);
  });

  it('decodes parameters, and a malformed escape matches no parameterised route', () => {
    const id = 'a b/ç';
    expect(matchRoutes(branches, paths.table(id))!.at(-1)!.params).toEqual({ tableId: id });
    expect(titleAt('/table/%E0%A4')).toBe('not found');
  });

  it('prefers a static segment to a parameter, whatever the table order', () => {
    expect(titleAt('/vendor/payments')).toBe('/vendor/payments');
    expect(titleAt('/vendor/v-9')).toBe('/vendor/:vendorId');
    expect(titleAt('/products/addon-groups')).toBe('/products/addon-groups');
  });

  it('matches whole paths only, in any case, a trailing slash ignored', () => {
    expect(titleAt('/table/t-1/bill')).toBe('/table/:tableId/bill');
    expect(titleAt('/table/t-1/bill/more')).toBe('not found');
    expect(titleAt('/table')).toBe('not found');
    expect(titleAt('/PRODUCTS/')).toBe('/products');
    expect(titleAt('/')).toBe('/');
    const all = matchRoutes(branches, '/no/such/screen')!.at(-1)!;
    expect(all.params['*']).toBe('no/such/screen');
  });

  it('finds a screen for every path of the route table', () => {
    const app = branchesOf([{ children: [...APP_ROUTES.map((path) => screen(path))] }]);
    for (const path of APP_ROUTES) {
      expect(matchRoutes(app, path.replace(/:\w+/g, 'x-1'))?.at(-1)?.route.path).toBe(path);
    }
    expect(matchRoutes(app, '/nowhere')).toBeNull();
  });
});
