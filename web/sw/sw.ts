/// <reference lib="webworker" />
/**
 * The service worker (issue 33, item 1; docs/offline.md): the app opens with no network after
 * a first visit. Built by vite-plugin-pwa (vite.config.ts), which writes the build's file list
 * into `self.__WB_MANIFEST`; served as /sw.js, never cached by HTTP (server/plugins/web.ts).
 * - The build's files are kept on the device (precache) and answered from it.
 * - A page (a navigation) comes from the server, whose page names the screen's code; without
 *   the server, the app's shell (index.html) from the device.
 * - The branch's data the waiters' screens, the kitchen display and printing read (offline-
 *   routes.ts) comes from the server and is kept; without the server, the kept answer. A tap's
 *   answer (the table's order) is kept as that order's read.
 * - Who is signed in changing (sign-in, sign-out) drops the kept data: it was the other
 *   session's. The branch's data is fetched again at once.
 * A new version waits until no page of the old one is open (the browser's rule: no skipWaiting),
 * so a page never loses the code it runs on; the taps not yet sent live in IndexedDB, apart
 * from this worker's caches, and survive any update.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import {
  BRANCH_DATA,
  changesSession,
  isAppPage,
  isOfflineRead,
  orderOfTap,
} from './offline-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The cache of the branch's data (answers of the reads in offline-routes.ts). */
const BRANCH_CACHE = 'tableflow-branch-data';
/** How long a read or a page waits for the server before the device's copy answers. */
const NETWORK_TIMEOUT_S = 4;

// No directory index and no clean URLs: `/` is the landing page the server makes, not the
// precached index.html, and a route of the app is never taken for a file.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The page that installed this worker is served by it from now on (its reads are kept).
clientsClaim();

const keepOk = {
  // Only a successful answer is kept: a 401 or 403 is the session's, not the branch's.
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 ? response : null,
};

registerRoute(
  ({ request, url }) => isOfflineRead(request.method, url, self.location.origin),
  new NetworkFirst({
    cacheName: BRANCH_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [keepOk],
  }),
);

// A tap's answer is its table's order: kept as that order's read, so the order opens offline as
// the server last said it (the tapping device does not read it again after its own tap).
registerRoute(
  ({ request, url }) => orderOfTap(request.method, url, self.location.origin) !== null,
  async ({ request, url }) => {
    const answer = await fetch(request);
    const order = orderOfTap(request.method, url, self.location.origin);
    if (answer.status === 200 && order) {
      await (await caches.open(BRANCH_CACHE)).put(order, answer.clone());
    }
    return answer;
  },
  'POST',
);

/** The server's page, or the app's shell from the device when the server does not answer. */
async function page(request: Request): Promise<Response> {
  const shell = async () => (await matchPrecache('/index.html')) ?? Response.error();
  const late = new Promise<'late'>((resolve) =>
    setTimeout(() => resolve('late'), NETWORK_TIMEOUT_S * 1000),
  );
  try {
    const answer = await Promise.race([fetch(request), late]);
    return answer === 'late' ? await shell() : answer;
  } catch {
    return shell();
  }
}

registerRoute(
  ({ request, url }) => isAppPage(request.mode, url, self.location.origin),
  ({ request }) => page(request),
);

/** The branch's data fetched into the device's cache (what the signed-in role may read). */
async function keepBranchData(): Promise<void> {
  const cache = await caches.open(BRANCH_CACHE);
  await Promise.all(
    BRANCH_DATA.map(async (path) => {
      try {
        const answer = await fetch(path, { credentials: 'same-origin' });
        if (answer.status === 200) await cache.put(path, answer);
      } catch {
        // No network: what was kept stays.
      }
    }),
  );
}

self.addEventListener('activate', (event) => event.waitUntil(keepBranchData()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!changesSession(event.request.method, url, self.location.origin)) return;
  event.respondWith(
    (async () => {
      const answer = await fetch(event.request);
      if (answer.ok) {
        await caches.delete(BRANCH_CACHE);
        event.waitUntil(keepBranchData());
      }
      return answer;
    })(),
  );
});
