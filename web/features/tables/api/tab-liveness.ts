import { uuidv7 } from '../../../lib/uuid-v7';

/**
 * Which tabs of this browser are still open, so a tab takes over only the taps of tabs that are
 * gone (two tabs sending one tap is harmless, its op id applies it once; but a tab must not take
 * a tap its owner may still merge with the next one). With the Web Locks API (secure contexts:
 * https and localhost) each tab holds a lock named after it for as long as it lives, which the
 * browser releases when the tab closes or crashes. Elsewhere (a LAN address over plain http) each
 * tab writes a heartbeat in localStorage, and a tab silent for longer than a hidden tab's timers
 * may sleep is taken for gone.
 */

export const THIS_TAB = uuidv7();

const LOCK_PREFIX = 'tableflow-tab-';
const HEARTBEAT_PREFIX = 'tableflow-tab:';
const HEARTBEAT_EVERY_MS = 20_000;
/** Browsers run the timers of a hidden tab about once a minute: three minutes of silence is gone. */
const SILENT_FOR_MS = 3 * 60_000;

const locks = (): LockManager | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;

let alive = false;

/** Marks this tab as alive for as long as it is open (once per tab). */
export function keepTabAlive() {
  if (alive) return;
  alive = true;
  const manager = locks();
  if (manager) {
    void manager.request(`${LOCK_PREFIX}${THIS_TAB}`, () => new Promise<never>(() => {}));
    return;
  }
  const beat = () => {
    try {
      localStorage.setItem(`${HEARTBEAT_PREFIX}${THIS_TAB}`, String(Date.now()));
    } catch {
      // Storage refused: other tabs will take this one's taps for a gone tab's after a while,
      // and send them with the same op ids (applied once).
    }
  };
  beat();
  setInterval(beat, HEARTBEAT_EVERY_MS);
  window.addEventListener('pagehide', () =>
    localStorage.removeItem(`${HEARTBEAT_PREFIX}${THIS_TAB}`),
  );
}

/** Whether the tab `tabId` of this browser is still open. */
export async function isLiveTab(tabId: string): Promise<boolean> {
  if (tabId === THIS_TAB) return true;
  const manager = locks();
  if (manager) {
    const { held = [] } = await manager.query();
    return held.some((lock) => lock.name === `${LOCK_PREFIX}${tabId}`);
  }
  const last = Number(localStorage.getItem(`${HEARTBEAT_PREFIX}${tabId}`) ?? 0);
  return Date.now() - last < SILENT_FOR_MS;
}
