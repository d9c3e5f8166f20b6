import {
  Component,
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  startTransition,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { branchesOf, matchRoutes, type RouteMatch, type RouteObject } from './route-match';

export type { RouteObject } from './route-match';

/**
 * The app's router: the part of React Router's API the app uses (a route table with lazily
 * loaded screens, layouts and an error boundary; links, navigation, the path's parameters and
 * query), in some 3 kB instead of React Router's 30 kB gzipped, a quarter of a waiter's screen's
 * first-load budget (issue 32; docs/architecture.md, "How the web app loads"). As in React
 * Router's data router, a navigation shows the new screen once its code has loaded, the old one
 * meanwhile.
 */

interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** One per navigation: an error boundary starts afresh on the next screen. */
  key: number;
}

interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** False until the first screen's code has loaded. */
  ready: boolean;
  /** A screen's code that failed to load (the network, or a deploy that replaced it). */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => Promise<void>;

const loading = new WeakMap<RouteObject, Promise<void>>();

/** Loads a lazy route's code once (again after a failure). */
function load(route: RouteObject): Promise<void> | undefined {
  if (!route.lazy || route.Component) return undefined;
  let promise = loading.get(route);
  if (!promise) {
    promise = route.lazy().then(
      (loaded) => void Object.assign(route, loaded),
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, promise);
  }
  return promise;
}

export interface Router {
  readonly routes: readonly RouteObject[];
  subscribe(listener: () => void): () => void;
  getState(): RouterState;
  navigate: NavigateFunction;
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  const branches = branchesOf(routes);
  const listeners = new Set<() => void>();
  let navigations = 0;
  const here = (): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    key: navigations,
  });
  let state: RouterState = {
    location: here(),
    matches: matchRoutes(branches, window.location.pathname) ?? [],
    ready: false,
    error: null,
  };

  /** Shows `url` once its screens' code is in; `mode` writes it to the history first. */
  async function go(url: URL, mode: 'push' | 'replace' | null) {
    const navigation = ++navigations;
    const matches = matchRoutes(branches, url.pathname) ?? [];
    let error: unknown = null;
    try {
      await Promise.all(matches.map(({ route }) => load(route)));
    } catch (failure) {
      error = failure;
    }
    if (navigation !== navigations) return; // a later navigation took over
    if (mode === 'push') window.history.pushState(null, '', url);
    if (mode === 'replace') window.history.replaceState(null, '', url);
    if (mode === 'push') window.scrollTo(0, 0);
    state = {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, key: navigation },
      matches,
      ready: true,
      error,
    };
    for (const listener of listeners) listener();
  }

  window.addEventListener('popstate', () => void go(new URL(window.location.href), null));
  void go(new URL(window.location.href), null);

  return {
    routes,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    navigate: async (to, options = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const url = new URL(to, window.location.href);
      // A link to where one already is replaces the entry, as React Router's do.
      const replace = options.replace ?? url.href === window.location.href;
      await go(url, replace ? 'replace' : 'push');
    },
  };
}

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The element of the routes under a layout (its Outlet). */
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(null);

const useRouter = () => {
  const router = use(RouterContext);
  if (!router) throw new Error('Used outside RouterProvider');
  return router;
};
const useRouterState = () => use(StateContext)!;

class RouteErrorBoundary extends Component<
  { fallback: ComponentType; resetKey: number; children: ReactNode },
  { failure: { error: unknown } | null; key: number }
> {
  override state = { failure: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: { resetKey: number },
    state: { key: number },
  ): { failure: null; key: number } | null {
    return props.resetKey === state.key ? null : { failure: null, key: props.resetKey };
  }

  override render() {
    const { failure } = this.state as { failure: { error: unknown } | null };
    if (!failure) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <ErrorContext value={failure.error}>
        <Fallback />
      </ErrorContext>
    );
  }
}

/** The matched routes as nested elements, each layout's Outlet the next one in. */
function elementOf(state: RouterState): ReactNode {
  let outlet: ReactNode = null;
  for (let i = state.matches.length - 1; i >= 0; i--) {
    const { route, id } = state.matches[i]!;
    const Screen = route.Component;
    let element: ReactNode = (
      <OutletContext key={id} value={outlet}>
        {Screen ? <Screen /> : outlet}
      </OutletContext>
    );
    if (route.ErrorBoundary) {
      const Fallback = route.ErrorBoundary;
      element =
        state.error && i === 0 ? (
          <ErrorContext key={id} value={state.error}>
            <Fallback />
          </ErrorContext>
        ) : (
          <RouteErrorBoundary key={id} fallback={Fallback} resetKey={state.location.key}>
            {element}
          </RouteErrorBoundary>
        );
    }
    outlet = element;
  }
  return outlet;
}

/**
 * Renders the router's state. A navigation renders in a transition, as React Router 7's do: React
 * draws the next screen in slices of a few milliseconds (a slow phone stays responsive, and a
 * screen's first render is not one long task), the old one staying until it is ready.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.getState);
  useEffect(() => {
    const update = () => startTransition(() => setState(router.getState()));
    const unsubscribe = router.subscribe(update);
    update(); // what happened before this subscribed (the first screen's code arriving)
    return unsubscribe;
  }, [router]);
  let content: ReactNode;
  if (state.ready) {
    content = elementOf(state);
  } else {
    const Fallback = state.matches.find(({ route }) => route.HydrateFallback)?.route
      .HydrateFallback;
    content = Fallback ? <Fallback /> : null;
  }
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{content}</StateContext>
    </RouterContext>
  );
}

/** Where a layout shows the screen under it. */
export function Outlet() {
  return use(OutletContext);
}

export const useNavigate = (): NavigateFunction => useRouter().navigate;

export const useLocation = (): Location => useRouterState().location;

/** The matched routes, outermost first (their `handle`: title, permission). */
export const useMatches = (): readonly RouteMatch[] => useRouterState().matches;

/** The path's parameters (`:tableId`). */
export const useParams = (): Readonly<Partial<Record<string, string>>> =>
  useRouterState().matches.at(-1)?.params ?? {};

/** What failed, inside a route's ErrorBoundary. */
export const useRouteError = (): unknown => use(ErrorContext);

/** The query string's parameters, and a way to change them (the path stays). */
export function useSearchParams() {
  const { search } = useLocation();
  const { navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      return navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate],
  );
  return [params, setParams] as const;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link within the app: a plain click navigates here; a new tab or window stays the browser's. */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const { navigate } = useRouter();
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        const elsewhere = props.target !== undefined && props.target !== '_self';
        if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
        event.preventDefault();
        void navigate(to, { replace });
      }}
    />
  );
}

/** Goes to `to` when shown (a guard's redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const { navigate } = useRouter();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
