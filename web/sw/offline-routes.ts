/**
 * What the service worker (service-worker.ts) keeps on the device for the app to open without
 * the server (issue 33, item 1; docs/offline.md): the reads of the waiters' screens, the
 * kitchen display and printing. Anything else (reports, management, the live event stream) is
 * left to the network. Pure, so it is unit-tested apart from the worker.
 */

/** GET paths answered from the device when the server cannot be reached. */
const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/auth\/session$/,
  /^\/api\/tables$/,
  /^\/api\/tables\/[^/]+\/(order|kots)$/,
  /^\/api\/products\/menu$/,
  /^\/api\/branch\/tax-profile$/,
  /^\/api\/receipt-settings$/,
  /^\/api\/printers$/,
  /^\/api\/complimentary\/settings$/,
  /^\/api\/kitchen\/(floor|settings|stations|tickets)$/,
];

/**
 * The branch's data fetched into the device's cache when the worker starts and after each
 * sign-in, before a screen asks for it: the menu, the tables, the tax profile, the receipt
 * settings and the printers (those the signed-in role may read; the others answer 403 and are
 * not kept).
 */
export const BRANCH_DATA: readonly string[] = [
  '/api/auth/session',
  '/api/tables',
  '/api/products/menu',
  '/api/branch/tax-profile',
  '/api/receipt-settings',
  '/api/printers',
  '/api/complimentary/settings',
  '/api/kitchen/settings',
];

/** A tap (POST /api/tables/:id/lines): its answer is the table's order. */
const TAP = /^\/api\/tables\/([^/]+)\/lines$/;

/**
 * The order read a tap's answer stands for (the path its GET is kept under), or null for any
 * other request: the tapping device reads its order no more after a tap (its live event names
 * the version it shows), so the kept order is the last tap's answer.
 */
export function orderOfTap(method: string, url: URL, origin: string): string | null {
  if (method !== 'POST' || url.origin !== origin) return null;
  const table = TAP.exec(url.pathname)?.[1];
  return table ? `/api/tables/${table}/order` : null;
}

/** A read the device keeps (same origin, GET, an allowed path; any query). */
export function isOfflineRead(method: string, url: URL, origin: string): boolean {
  return (
    method === 'GET' &&
    url.origin === origin &&
    OFFLINE_READS.some((pattern) => pattern.test(url.pathname))
  );
}

/**
 * A request that changes who is signed in (sign-in, its second step, sign-out, a new
 * password): what the device kept belongs to the session before it and is dropped.
 */
export function changesSession(method: string, url: URL, origin: string): boolean {
  return method !== 'GET' && url.origin === origin && url.pathname.startsWith('/api/auth/');
}

/** A page of the app (a navigation), answered with the app's shell when offline. */
export function isAppPage(mode: string, url: URL, origin: string): boolean {
  return (
    mode === 'navigate' &&
    url.origin === origin &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/assets/')
  );
}
