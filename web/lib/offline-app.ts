/**
 * The installable app (issue 33, item 1; docs/offline.md): registers the service worker
 * (web/sw/sw.ts, built as /sw.js) and asks the browser to keep the device's data (the tap
 * outbox, the branch's data) when storage runs short. Loaded once the first screen is up
 * (app.tsx): nothing of it is in a screen's first load.
 */
/**
 * How long after the first screen is idle the worker is registered. Its first install downloads
 * every file of the build (some 2.3 MB): started at once, it competed with a first visit's first
 * seconds on the phone (Lighthouse on the table's screen: 95 to 91, blocking time 110 to 250 ms;
 * docs/performance-notes.md). A device that has it already only checks for a new version.
 */
const REGISTER_AFTER_MS = 5000;

export function installOfflineApp(): void {
  if (!('serviceWorker' in navigator)) return;
  // A page that cannot register (a private window, an old browser) works online as before.
  window.setTimeout(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, REGISTER_AFTER_MS);
  // Granted without a prompt to an installed app in Chrome; refused, the data is kept as long
  // as the browser does not need the space.
  navigator.storage?.persist?.().catch(() => false);
}
