/**
 * The first screen's data, asked for as soon as the page's first script runs instead of after
 * the app's code has loaded, the session has been read and the screen has rendered (on a phone
 * that was 3–5 s later): web/main.tsx calls `startEarlyData` before it loads the app, and the
 * app's own GETs of the same addresses are answered with these answers (each once, and only
 * while the page is young) through a wrapper of `fetch`, so the queries, their keys and their
 * parsing stay the screens' own. A screen that asks for something else simply fetches it.
 *
 * No imports: this file is part of every page's first chunk (`base`, vite.config.ts).
 */

/**
 * The API paths (after /api) the first render of the app's screen at `pathname` asks for: the
 * session on every screen (the root route reads it), and the data of the busiest screens.
 */
export function earlyPathsOf(pathname: string): string[] {
  const path = pathname.replace(/\/+$/, '');
  const session = '/auth/session';
  if (path.toLowerCase() === '/usersidebar/billing') return [session, '/tables'];
  const table = /^\/table\/([^/]+)$/i.exec(path);
  if (table) return [session, `/tables/${table[1]}/order`, '/products/menu'];
  return [session];
}

/** Answers that are not used by then are dropped: the data may have changed meanwhile. */
const KEEP_MS = 15_000;
/** The headers of web/lib/api.ts, so the server sees the same request. */
const HEADERS = { accept: 'application/json', 'x-requested-with': 'tableflow' };

/**
 * Starts the GETs of `paths` (after /api) and answers the next GET of each address with its
 * answer. Installed once; does nothing without paths.
 */
export function startEarlyData(paths: string[]): void {
  if (!paths.length || typeof window === 'undefined') return;
  const pending = new Map<string, Promise<Response>>();
  for (const path of paths) {
    const url = `/api${path}`;
    const answer = fetch(url, { credentials: 'same-origin', headers: HEADERS });
    // A failure is the app's own GET's to meet: it fetches again.
    answer.catch(() => undefined);
    pending.set(url, answer);
  }
  const realFetch = window.fetch;
  const started = Date.now();
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const method = (init?.method ?? 'GET').toUpperCase();
    const early = url && method === 'GET' ? pending.get(url) : undefined;
    if (early && Date.now() - started < KEEP_MS && !init?.signal?.aborted) {
      pending.delete(url!);
      if (!pending.size) window.fetch = realFetch;
      // Only a good answer stands in; anything else is asked again the ordinary way.
      return early.then(
        (response) => (response.ok ? response : realFetch(input, init)),
        () => realFetch(input, init),
      );
    }
    if (Date.now() - started >= KEEP_MS) {
      pending.clear();
      window.fetch = realFetch;
    }
    return realFetch(input, init);
  };
}
