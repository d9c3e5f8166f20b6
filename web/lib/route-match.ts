import type { ComponentType } from 'react';
import { matchPath } from '../../shared/routes';

/**
 * A route of the app's router (web/lib/router.tsx): a screen at a path, or a layout around its
 * children; its code loaded on first use (`lazy`). The subset of React Router's route object the
 * app uses, under the same names.
 */
export interface RouteObject {
  /** An absolute pattern, `/table/:tableId`; `*` matches any path. A layout has none. */
  path?: string;
  Component?: ComponentType;
  /** Shown in place of this route's element when it or a route under it fails. */
  ErrorBoundary?: ComponentType;
  /** Shown while the first screen's code loads. */
  HydrateFallback?: ComponentType;
  /** What the screens say of themselves (title, permission: web/app/guards.tsx). */
  handle?: unknown;
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** The route's place in the table ('0.2.1'), stable across navigations. */
  id: string;
  handle: unknown;
  params: Readonly<Record<string, string>>;
  pathname: string;
}

interface Branch {
  routes: { route: RouteObject; id: string }[];
  path: string;
  rank: number;
}

/**
 * React Router's ranking, simplified to the app's absolute patterns: a static segment weighs
 * more than a `:param`, and the catch-all `*` comes last.
 */
function rankOf(path: string): number {
  const segments = path.split('/').filter(Boolean);
  if (segments.includes('*')) return -1;
  return segments.reduce((sum, segment) => sum + (segment.startsWith(':') ? 3 : 10), 0);
}

/** Every root-to-leaf chain of routes that ends in a path, best-ranked first. */
export function branchesOf(routes: readonly RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const walk = (list: readonly RouteObject[], above: Branch['routes'], prefix: string) => {
    list.forEach((route, index) => {
      const chain = [...above, { route, id: prefix ? `${prefix}.${index}` : String(index) }];
      if (route.path !== undefined) {
        branches.push({ routes: chain, path: route.path, rank: rankOf(route.path) });
      }
      if (route.children) walk(route.children, chain, chain.at(-1)!.id);
    });
  };
  walk(routes, [], '');
  // Array.prototype.sort is stable: equal ranks keep the table's order.
  return branches.sort((a, b) => b.rank - a.rank);
}

/**
 * The chain of routes a pathname shows, outermost first, each with the path's parameters
 * (shared/routes.ts's `matchPath`); null when no route matches.
 */
export function matchRoutes(branches: readonly Branch[], pathname: string): RouteMatch[] | null {
  for (const branch of branches) {
    const params = matchPath(branch.path, pathname);
    if (params) {
      return branch.routes.map(({ route, id }) => ({
        route,
        id,
        handle: route.handle,
        params,
        pathname,
      }));
    }
  }
  return null;
}
