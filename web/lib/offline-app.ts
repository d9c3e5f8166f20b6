/**
 * The installable app (issue 33, item 1; docs/offline.md): registers the service worker
 * (web/sw/sw.ts, built as /sw.js) and asks the browser to keep the device's data (the tap
 * outbox, the branch's data) when storage runs short. Loaded once the first screen is up
 * (app.tsx): nothing of it is in a screen's first load.
 */
export function installOfflineApp(): void {
  if (!('serviceWorker' in navigator)) return;
  // A page that cannot register (a private window, an old browser) works online as before.
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // Granted without a prompt to an installed app in Chrome; refused, the data is kept as long
  // as the browser does not need the space.
  navigator.storage?.persist?.().catch(() => false);
}
